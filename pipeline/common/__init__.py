"""Machinery several puzzle types share: loops, shaded networks, SAT helpers. Types import it;
it never imports a type."""

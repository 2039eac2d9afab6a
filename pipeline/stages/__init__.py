"""The stages, each a function that reads and writes files in the output folder: generate,
verify, layout (its jobs in printable, book, newsletter, cover, printcheck), export, build,
reprint, and the page plan checked before generating (pageplan). No stage names a type.
"""

"""Templates and print CSS for the PDFs; shipped inside the package as pipeline.layouts."""

"""Background jobs that make files (PDFs) and the ReportLab house style; knows no domain."""

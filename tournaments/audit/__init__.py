"""The append-only, hash-chained audit log every domain writes to."""

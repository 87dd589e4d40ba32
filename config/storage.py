"""Where generated files (PDF books, e-mail reports) are kept: Django's storage API, chosen from the environment.

With nothing set, a folder in the data folder (MEDIA_ROOT), as a laptop needs. With S3_BUCKET set, any
S3-compatible object storage through django-storages (AWS, MinIO, Ceph, Garage, a cloud's own), so every web
process and worker on every machine reads the same files; S3_ENDPOINT_URL names a server other than AWS.
Credentials come as boto3 reads them (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, an instance role, ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from .env import check_url_scheme

FILE_SYSTEM = "django.core.files.storage.FileSystemStorage"
S3 = "storages.backends.s3.S3Storage"


def file_storage(environ: Mapping[str, str]) -> dict[str, object]:
    """The STORAGES["default"] entry for this environment."""
    bucket = environ.get("S3_BUCKET", "")
    if not bucket:
        return {"BACKEND": FILE_SYSTEM}
    options: dict[str, object] = {
        "bucket_name": bucket,
        "location": environ.get("S3_PREFIX", "").strip("/"),  # several installations may share one bucket
        "file_overwrite": False,  # two jobs never write over each other's file
        "default_acl": None,  # private: files are served through Bridgedesk's own access checks
        "querystring_auth": True,
    }
    if endpoint := environ.get("S3_ENDPOINT_URL", ""):
        options["endpoint_url"] = check_url_scheme("S3_ENDPOINT_URL", endpoint, ("http", "https"))
        options["addressing_style"] = environ.get("S3_ADDRESSING_STYLE", "path")  # MinIO and friends
    if region := environ.get("S3_REGION", ""):
        options["region_name"] = region
    return {"BACKEND": S3, "OPTIONS": options}

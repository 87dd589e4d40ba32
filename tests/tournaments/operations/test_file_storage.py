"""Generated files go through Django's storage API: a folder on a laptop, S3-compatible object storage when
S3_BUCKET is set (django-storages), tested here against moto's S3 server on a real local port."""

from __future__ import annotations

import re

import boto3
import pytest
from botocore.config import Config
from django.urls import reverse
from moto.server import ThreadedMotoServer

from config.env import ImproperSetting
from config.storage import FILE_SYSTEM, S3, file_storage
from tests.tournaments.jobs.helpers import pdf_pages
from tests.tournaments.reports.factories import make_session
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile

MOTO_PORT = 8715
BUCKET = "bridgedesk-files"


def test_a_laptop_keeps_files_in_a_folder():
    assert file_storage({}) == {"BACKEND": FILE_SYSTEM}


def test_a_bucket_setting_chooses_object_storage():
    chosen = file_storage({"S3_BUCKET": "club", "S3_ENDPOINT_URL": "https://s3.example.org", "S3_PREFIX": "/a/"})
    assert chosen["BACKEND"] == S3
    assert chosen["OPTIONS"] == {
        "bucket_name": "club",
        "location": "a",
        "file_overwrite": False,
        "default_acl": None,
        "querystring_auth": True,
        "endpoint_url": "https://s3.example.org",
        "addressing_style": "path",
    }


def test_a_bad_endpoint_is_refused_by_name():
    with pytest.raises(ImproperSetting, match=re.escape("S3_ENDPOINT_URL='s3.example.org' has an unsupported scheme")):
        file_storage({"S3_BUCKET": "club", "S3_ENDPOINT_URL": "s3.example.org"})


@pytest.fixture(scope="module")
def s3_server():
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=MOTO_PORT, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{MOTO_PORT}"
    server.stop()


@pytest.fixture
def bucket(s3_server, settings, monkeypatch):
    """An empty bucket on the S3 server, and the files' storage pointed at it."""
    for name, value in (
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("AWS_DEFAULT_REGION", "us-east-1"),
    ):
        monkeypatch.setenv(name, value)
    client = boto3.client("s3", endpoint_url=s3_server, region_name="us-east-1")
    client.create_bucket(Bucket=BUCKET)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": file_storage({"S3_BUCKET": BUCKET, "S3_ENDPOINT_URL": s3_server}),
    }
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def keys(client) -> list[str]:
    return [item["Key"] for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", [])]


@pytest.mark.django_db(transaction=True)
def test_a_pdf_made_by_a_job_is_stored_in_the_bucket_and_served_from_it(bucket, director, director_client):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == "done", done and done.error
    (key,) = keys(bucket)
    assert key == done.file.name and key.startswith("generated/") and key.endswith("-standings.pdf")
    stored = bucket.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    assert stored.startswith(b"%PDF") and len(stored) == done.size
    download = director_client.get(reverse("jobs:download", args=[job.pk]))
    assert download.status_code == 200 and download.content == stored and pdf_pages(download.content)
    GeneratedFile.objects.filter(pk=job.pk).delete()  # expiry, or its session deleted
    assert keys(bucket) == []


@pytest.mark.django_db(transaction=True)
def test_a_file_the_bucket_lost_is_a_404_not_a_500(bucket, director, director_client):
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    done = jobs.run_job(job.pk)
    bucket.delete_object(Bucket=BUCKET, Key=done.file.name)
    assert director_client.get(reverse("jobs:download", args=[job.pk])).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_storage_fails_the_job_in_words(settings, director, monkeypatch):
    for name, value in (("AWS_ACCESS_KEY_ID", "test"), ("AWS_SECRET_ACCESS_KEY", "test")):
        monkeypatch.setenv(name, value)
    nowhere = file_storage({"S3_BUCKET": BUCKET, "S3_ENDPOINT_URL": "http://127.0.0.1:1", "S3_REGION": "us-east-1"})
    nowhere["OPTIONS"]["client_config"] = Config(connect_timeout=1, retries={"max_attempts": 1})
    settings.STORAGES = {**settings.STORAGES, "default": nowhere}
    session = make_session(pairs=8, deals=False)
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    done = jobs.run_job(job.pk)
    assert done is not None and done.status == "failed"
    assert done.error == "Bridgedesk made the standings but could not store it (EndpointConnectionError). Try again."
    assert not done.file

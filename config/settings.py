"""Bridgedesk settings, all read from the environment (see README: Configuration).

With nothing set, Bridgedesk runs on a laptop: SQLite and a file-system Celery broker in the data folder.
With DATABASE_URL=postgres://... and CELERY_BROKER_URL=redis://... the same code runs as several web
processes and several workers on different machines.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import dj_email_url
import django_stubs_ext

from .env import ImproperSetting, check_url_scheme, env_bool, env_int, env_list, env_time
from .siteurl import work_out_site_url
from .storage import file_storage

# Lets the classes django-stubs makes generic be written so at run time too: `forms.ModelForm[Member]`.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("BRIDGEDESK_DATA_DIR", BASE_DIR / "var")).resolve()

DEBUG = env_bool("DEBUG", False)
# The key comes from SECRET_KEY, else from the file `make run` writes once in the data folder.
_key_file = Path(os.environ.get("SECRET_KEY_FILE", DATA_DIR / "secret_key"))
SECRET_KEY = os.environ.get("SECRET_KEY", "") or (_key_file.read_text().strip() if _key_file.is_file() else "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperSetting(
            f"SECRET_KEY must be set when DEBUG is off: set it, or put one in {_key_file} (`make run` does)."
        )
    SECRET_KEY = "insecure-development-key-only-for-debug-mode"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    # Each domain is an app of its own (docs/development.md: the table of apps); `tournaments` wires them.
    "tournaments.core",
    "tournaments.clubs",  # clubs as tenants: the current club, its roles, its look
    "tournaments.audit",
    "tournaments.sessions",  # label "duplicate"
    "tournaments.parties",
    "tournaments.teams",
    "tournaments.simultaneous",
    "tournaments.tableside",
    "tournaments.printing",
    "tournaments.publishing",
    "tournaments.interchange",  # no tables: its templates and import/export commands
    "tournaments",
]

MIDDLEWARE = [
    "tournaments.core.metrics.RequestMetrics",  # first: every request counted and timed, whatever answers it
    "django.middleware.security.SecurityMiddleware",
    "tournaments.core.edges.SecureCookiesOverHttps",
    "csp.middleware.CSPMiddleware",
    "tournaments.core.static.LazyWhiteNoise",  # WhiteNoise, its file index built on first use
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournaments.core.replica.PinAfterWrite",  # a browser that posted reads the primary for a while
    "django.middleware.common.CommonMiddleware",
    "tournaments.core.middleware.RefuseNulCharacters",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.clubs.middleware.CurrentClub",  # the current club: queries scoped, roles, time zone
    # After the login is known: its own language, else the switch's cookie, the browser's, the club's.
    "tournaments.core.languages.ChosenLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

# Logins are throttled (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one user from one address,
# that pair is locked out for AXES_COOLOFF_MINUTES; others (another user, or the same user elsewhere) are not.
# Password spray (one address trying many accounts) is refused by PasswordSprayGuard, counted in the cache.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "tournaments.core.limits.PasswordSprayGuard",
    "tournaments.clubs.backends.ClubRoleBackend",  # roles held in the current club (clubs as tenants)
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Shared templates, then each domain app's own, ahead of the contrib apps' (as before the split into apps).
        "DIRS": [BASE_DIR / "templates", *sorted((BASE_DIR / "tournaments").glob("*/templates"))],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.tableside.events.context",  # push_on: pages hold an event stream
                "tournaments.core.languages.switch_context",  # the language switch's choices
                "tournaments.clubs.context.context",  # current_club: the header's name, logo and colours
            ],
            "builtins": ["tournaments.core.templatefilters"],  # |decimal: a figure in the reader's decimal mark
        },
    },
]

# Database: SQLite in the data folder unless DATABASE_URL says otherwise.
_default_db = f"sqlite:///{DATA_DIR / 'bridgedesk.sqlite3'}"
DATABASE_URL = check_url_scheme(
    "DATABASE_URL",
    os.environ.get("DATABASE_URL", _default_db),
    ("sqlite", "postgres", "postgresql", "pgsql"),
)
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60))}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file-backed test database, so a worker process started by a test can open the same data.
    # One file per test run (by process id), so two runs on one machine never share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / f"test-bridgedesk-{os.getpid()}.sqlite3")}
    # Write-ahead log: a commit is one append and one fsync of the log (still durable: synchronous stays
    # FULL) instead of a rollback journal plus the database file; a save of a traveller spent a third of its
    # time committing (issue 16). Readers (the worker, the pages) also no longer wait for a writer.
    # Django's SQLite backend with one process's writers queued in turn (tournaments/core/sqlite3/base.py).
    DATABASES["default"]["ENGINE"] = "tournaments.core.sqlite3"
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 60,  # a writer of another process (the worker) waits this long for the database, then fails
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }
# Connections are kept open between requests on every backend (a new SQLite connection repeats its PRAGMAs, a
# new PostgreSQL one its handshake), and checked before reuse, so a server restarted meanwhile costs one retry.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# DB_POOL_SIZE=N (PostgreSQL): each web process keeps a pool of at most N connections (psycopg_pool through
# Django's own pool option) that its threads share and wait for, instead of a connection per thread: a process
# with hundreds of threads (event streams) stays under max_connections (processes x N must stay under it).
# Persistent connections are off then (the pool keeps them). 0, the default: no pool.
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 0)
if DB_POOL_SIZE and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": DB_POOL_SIZE, "timeout": 30}
# Writers take turns per owner (a section, a teams event, a party) in each process before they take a connection,
# and at most DB_WRITERS connections of a process are writers' (default: half the pool, rounded up), so a burst
# of posts to one section never holds the connections the pages need (tournaments/core/writers.py). A writer
# that waits WRITERS_WAIT_SECONDS is answered 503 with Retry-After; the phone sends it again.
DB_WRITERS = env_int("DB_WRITERS", 0)
WRITERS_WAIT_SECONDS = env_int("WRITERS_WAIT_SECONDS", 30)  # as long as the pool lets a request wait
WRITERS_PER_OWNER = env_int("WRITERS_PER_OWNER", 2)  # the one writing and the next, at the row lock already
# A PostgreSQL read replica (streaming from the primary) for the public result pages: DATABASE_REPLICA_URL.
# Writes, logged-in pages and a browser that has just posted read the primary (tournaments/core/replica.py).
# With PgBouncer in transaction mode in front, set DB_CONN_MAX_AGE=0 and DB_SERVER_SIDE_CURSORS=0.
REPLICA_PIN_SECONDS = env_int("REPLICA_PIN_SECONDS", 10)
DATABASE_ROUTERS: list[str] = []
if _replica_url := os.environ.get("DATABASE_REPLICA_URL", ""):
    check_url_scheme("DATABASE_REPLICA_URL", _replica_url, ("postgres", "postgresql", "pgsql"))
    DATABASES["replica"] = dj_database_url.parse(_replica_url, conn_max_age=env_int("DB_CONN_MAX_AGE", 60))
    DATABASES["replica"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}  # the test run's replica is its primary
    DATABASE_ROUTERS = ["tournaments.core.replica.ReplicaRouter"]
if not env_bool("DB_SERVER_SIDE_CURSORS", True):
    for _db in DATABASES.values():
        _db["DISABLE_SERVER_SIDE_CURSORS"] = True  # PgBouncer in transaction mode (Django's documented setting)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Languages (docs/translating.md): LANGUAGE_CODE is the club's default (en-gb, fr, nl-be, de-ch, en-us, ...: its
# region gives the dates, numbers and paper size); each page is in the login's own choice, else the language
# switch's cookie, else the browser's when shipped, else this (tournaments/core/languages.py).
LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "en-gb").lower()
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("pl", "Polski"),
    ("it", "Italiano"),
    ("es", "Español"),
    ("sv", "Svenska"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switch remembers a phone's choice for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_THOUSAND_SEPARATOR = False  # "1234" boards and scores, not "1 234"; decimals follow the language
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "staticfiles"
# Generated files (PDF books): a folder here, or S3-compatible object storage when S3_BUCKET is set (config/storage.py).
STORAGES = {
    "default": file_storage(os.environ),
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True  # serve straight from static/ too, so `collectstatic` is optional on a laptop
MEDIA_ROOT = DATA_DIR / "media"
MEDIA_URL = "media/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"  # only CSV exports use django-tables2 (not an app)

# Celery: the file-system transport in the data folder unless CELERY_BROKER_URL names a server.
CELERY_BROKER_URL = check_url_scheme(
    "CELERY_BROKER_URL",
    os.environ.get("CELERY_BROKER_URL", "filesystem://"),
    ("filesystem", "redis", "rediss", "amqp", "memory"),
)
_broker_dir = DATA_DIR / "celery-broker"
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {}
if CELERY_BROKER_URL.startswith("filesystem"):
    for sub in ("queue", "processed", "control"):
        (_broker_dir / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }
    _default_results = f"file://{DATA_DIR / 'celery-results'}"
    (DATA_DIR / "celery-results").mkdir(parents=True, exist_ok=True)
elif CELERY_BROKER_URL.startswith("redis"):
    _default_results = CELERY_BROKER_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600)}
else:
    _default_results = "rpc://"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", _default_results)
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "bridgedesk")
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-job leaves the message for the next worker
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_EXPIRES = 24 * 3600
# One result backend a process, shared by its threads (Celery's default: one a thread). The web processes' gthread
# workers have hundreds of threads: each one's first job sent built its own Redis backend (client, pool and
# connection) in the request that sent it, a post's result among them (bench_clubs, issue 30). Nothing in the web
# processes waits for a job's result (jobs report progress through the database), and redis-py's pool is
# thread-safe.
CELERY_RESULT_BACKEND_THREAD_SAFE = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = env_int("CELERY_BROKER_CONNECTION_TIMEOUT", 2)  # a web request never waits long
# Scheduled upkeep, run by Celery beat: in `make run`'s worker (`worker -B`), or the one `celery beat` process
# of a server (compose.yaml's scheduler; never two). Nothing here imports Celery: an entry's schedule is an
# interval (a timedelta) or a time of day "HH:MM" (in TIME_ZONE), which config/celery.py turns into a crontab.
# Every task is idempotent: a second run (two beats by mistake, a retried message) finds nothing left to do.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "delete-expired-files": {"task": "bridgedesk.delete_expired_files", "schedule": timedelta(hours=1)},
    "clear-expired-sessions": {"task": "bridgedesk.clear_sessions", "schedule": timedelta(days=1)},
    # Jobs a dead worker left: each worker's watchdog sends them again (and at its start); beat does too, so a
    # lost job moves even when no worker restarts. A status poll (a GET) only reads.
    "requeue-stale-jobs": {"task": "bridgedesk.requeue_stale_jobs", "schedule": timedelta(minutes=1)},
    # Table links and big-screen links past TABLE_LINK_DAYS whose event is not being played are revoked.
    "expire-links": {"task": "bridgedesk.expire_links", "schedule": env_time("EXPIRE_LINKS_AT", "04:30")},
    # Directors of a session tomorrow whose movement or players are not set are told by e-mail, once.
    "remind-directors": {"task": "bridgedesk.remind_directors", "schedule": env_time("REMINDERS_AT", "18:00")},
    # Clubs that asked (Club.email_results) have their published results e-mailed to the players, once each.
    "email-published-results": {
        "task": "bridgedesk.email_published_results",
        "schedule": timedelta(minutes=env_int("RESULTS_EMAIL_EVERY_MINUTES", 30)),
    },
}
if env_bool("SCHEDULED_BACKUPS", True):
    CELERY_BEAT_SCHEDULE["backup"] = {
        "task": "bridgedesk.scheduled_backup",
        "schedule": (  # a time of day when BACKUP_AT is set, else every BACKUP_EVERY_HOURS
            env_time("BACKUP_AT", "03:00")
            if "BACKUP_AT" in os.environ
            else timedelta(hours=env_int("BACKUP_EVERY_HOURS", 24))
        ),
    }
TABLE_LINK_DAYS = env_int("TABLE_LINK_DAYS", 7)  # a link lives this long after it was made (while not playing)
RESULTS_EMAIL_DAYS = env_int("RESULTS_EMAIL_DAYS", 3)  # results published this recently are e-mailed (if asked)
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")

# Django's cache framework, one backend for everything shared between requests (published pages, scores,
# section maps, rate limits): local memory on a laptop (one web process), Redis when CACHE_URL or REDIS_URL
# names one, or when the Celery broker is Redis (unless CACHE_URL=locmem://), so every web process on every
# machine shares one copy and a correction is rebuilt once, not once per process.
_cache_default = CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else "locmem://"
CACHE_URL = check_url_scheme(
    "CACHE_URL",
    os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or _cache_default,
    ("locmem", "redis", "rediss"),
)


def _default_cache_prefix() -> str:
    """Keys carry the database they describe: section maps and scores are keyed by row ids, so two services (or
    two test workers, PYTEST_XDIST_WORKER) sharing one Redis must never read each other's entries. The name only,
    not the host: a web process through PgBouncer and a worker connecting directly must share one cache."""
    import hashlib

    where = str(DATABASES["default"].get("NAME", ""))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"bridgedesk-{hashlib.sha256(where.encode()).hexdigest()[:8]}{'-' + worker if worker else ''}"


CACHES: dict[str, dict[str, object]]
if CACHE_URL.startswith("locmem"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 2000}}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX") or _default_cache_prefix(),
            "TIMEOUT": 3600,
        }
    }

# Push (tournaments/tableside/hub.py): phones, the live panel and the big screen hold a server-sent event stream
# and fetch their state when a write to their session commits, instead of polling every 5 s. PUSH_URL: Redis
# pub/sub (redis://..., the broker's or REDIS_URL's by default) so every web process hears every write;
# `local://` within one process (the laptop); "" turns push off and the pages poll. Every process also watches
# the versions of the sessions it streams every PUSH_WATCH_SECONDS (0: never), so a write by a process that
# cannot publish (another program, a lost message) still arrives. A stream ends after PUSH_STREAM_SECONDS (the
# browser reconnects at once) so a worker's threads recycle, and sends a comment every PUSH_HEARTBEAT_SECONDS
# so a dead connection is found and proxies keep it open.
_push_default = CACHE_URL if CACHE_URL.startswith("redis") else "local://"
PUSH_URL = os.environ.get("PUSH_URL", _push_default)
if PUSH_URL:
    check_url_scheme("PUSH_URL", PUSH_URL, ("local", "redis", "rediss"))
PUSH_CHANNEL = os.environ.get("PUSH_CHANNEL", "bridgedesk-push")
try:
    PUSH_WATCH_SECONDS = float(os.environ.get("PUSH_WATCH_SECONDS", "0.4"))
except ValueError:
    raise ImproperSetting(
        f"PUSH_WATCH_SECONDS={os.environ['PUSH_WATCH_SECONDS']!r} is not a number of seconds."
    ) from None
PUSH_STREAM_SECONDS = env_int("PUSH_STREAM_SECONDS", 300)
PUSH_HEARTBEAT_SECONDS = env_int("PUSH_HEARTBEAT_SECONDS", 15)

GENERATED_FILE_TTL_HOURS = env_int("GENERATED_FILE_TTL_HOURS", 72)

# Backups (tournaments/core/backups.py): `manage.py backup` writes here; `make run` (ROLLING_BACKUPS, set by
# `manage.py start`) keeps rolling copies of the embedded database here too.
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", DATA_DIR / "backups")).resolve()
ROLLING_BACKUPS = env_bool("ROLLING_BACKUPS", False)

# E-mail: EMAIL_URL (smtp://user:pass@host:587/?tls=True, ...); with none set, messages are written as files
# under <data>/mail/ so a laptop at the club needs no mail server.
EMAIL_URL = os.environ.get("EMAIL_URL", "")
if EMAIL_URL:
    check_url_scheme("EMAIL_URL", EMAIL_URL, ("smtp", "smtps", "submission", "console", "file", "memory", "dummy"))
    vars().update(dj_email_url.parse(EMAIL_URL))
    if EMAIL_URL.startswith("file"):
        EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(DATA_DIR / "mail"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = str(DATA_DIR / "mail")
# Clubs sign up on /clubs/signup/ when CLUB_SIGNUP=1 (off by default: the service administrator creates clubs);
# each new club is told to CLUB_SIGNUP_NOTIFY (addresses, comma-separated), else to the superusers' addresses.
CLUB_SIGNUP = env_bool("CLUB_SIGNUP", False)
CLUB_SIGNUP_NOTIFY = env_list("CLUB_SIGNUP_NOTIFY", [])
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Bridgedesk <results@localhost>")
# The site as the phones and players reach it, for every absolute link (config/siteurl.py): SITE_URL when set,
# else this machine's LAN address when HOST=0.0.0.0, else the address the server listens on.
SITE_URL = work_out_site_url(os.environ)
check_url_scheme("SITE_URL", SITE_URL, ("http", "https"))
if (_site_host := urlsplit(SITE_URL).hostname) and _site_host not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(_site_host)  # the address the links carry is one the server answers on
PUBLISH_PROVISIONAL_HOURS = env_int("PUBLISH_PROVISIONAL_HOURS", 48)
# A CDN or caching proxy in front may hold public result pages this long (s-maxage; 0: none may), and is told
# to drop a session's pages on each change when CDN_PURGE_URL is set (tournaments/publishing/cdn.py).
CDN_MAX_AGE = env_int("CDN_MAX_AGE", 30)
CDN_PURGE_URL = os.environ.get("CDN_PURGE_URL", "")
if CDN_PURGE_URL:
    check_url_scheme("CDN_PURGE_URL", CDN_PURGE_URL, ("http", "https"))
CDN_PURGE_TOKEN = os.environ.get("CDN_PURGE_TOKEN", "")
# After a write to a published session its public pages are rebuilt by a job (tournaments/publishing/rebuild.py)
# while readers get the previous version; PUBLIC_REBUILD_EAGER runs that job in the writer's thread right after
# the commit instead (Celery's eager apply), as the tests do: no worker there.
PUBLIC_REBUILD_EAGER = env_bool("PUBLIC_REBUILD_EAGER", False)

# Behind HTTPS (a proxy in front, or gunicorn with certificates) set SECURE_COOKIES=1: cookies only over HTTPS,
# HSTS, and plain-HTTP requests redirected; `manage.py check --deploy` is then clean (README: Deploying).
SECURE = env_bool("SECURE_COOKIES", False) and not DEBUG
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = SECURE
# Login sessions live in PostgreSQL, shared by every web process. SESSIONS_IN_CACHE=1 reads them from the cache
# (Redis) first and writes them through to the database (Django's cached_db), so a flushed cache logs nobody out.
if env_bool("SESSIONS_IN_CACHE", False):
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SECURE_SSL_REDIRECT = SECURE and env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000) if SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE and env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = SECURE and env_bool("SECURE_HSTS_PRELOAD", True)
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
elif not DEBUG and not SECURE:
    # HSTS on every response to an HTTPS request, even without SECURE_COOKIES (Django sends it only over HTTPS,
    # so a laptop on plain HTTP at the club is not affected).
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)

# Content-Security-Policy (django-csp) on every response: scripts and styles only from our own static files, so
# an injected <script> or on...= handler never runs (templates hold none: their JavaScript is in static/js/).
# Inline style attributes stay allowed for the progress bars' widths; nothing may frame the pages.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Logs go to the standard error, as a container platform collects them: plain lines on a laptop, one JSON
# object a line with LOG_FORMAT=json (python-json-logger), for a log collector to index.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperSetting(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(process)d",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Operations (docs/deployment.md): /metrics answers a scraper sending `Authorization: Bearer METRICS_TOKEN`
# (404 without a token set); errors go to Sentry (or any Sentry-compatible service) when SENTRY_DSN is set.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,  # players' names and e-mail addresses stay here
    )

DATA_DIR.mkdir(parents=True, exist_ok=True)
STATIC_ROOT.mkdir(parents=True, exist_ok=True)

"""A namespaced URLconf that Django imports only when a request or a reversal goes into it.

Django (5.x) populates every child resolver when the first URL is reversed, which imports every URLconf, so a
URLconf named by string is imported by the first page with a link on it. The table API's URLconf imports
django-ninja and pydantic (about 0.1 s), which only API calls need, and each domain's URLconf imports its
views: this resolver skips its own population until its module has been imported, and imports it as soon as
anything looks inside it (a request under its prefix, a reversal in its namespace, Django's URL checks).
"""

from __future__ import annotations

from typing import Any

from django.urls import URLResolver
from django.urls.resolvers import RoutePattern


class LazyURLResolver(URLResolver):
    def _loaded(self) -> bool:
        return "urlconf_module" in self.__dict__  # Django's cached_property, set once the module is imported

    def _populate(self) -> None:
        if self._loaded():  # the parent's population skips us until something looks inside
            super()._populate()

    def _load(self) -> None:
        self.urlconf_module  # noqa: B018  imports the module (cached)

    @property
    def reverse_dict(self) -> Any:
        self._load()
        return super().reverse_dict

    @property
    def namespace_dict(self) -> Any:
        self._load()
        return super().namespace_dict

    @property
    def app_dict(self) -> Any:
        self._load()
        return super().app_dict

    def _reverse_with_prefix(self, lookup_view: Any, _prefix: str, *args: Any, **kwargs: Any) -> str:
        self._load()
        return str(super()._reverse_with_prefix(lookup_view, _prefix, *args, **kwargs))  # type: ignore[misc]  # private, not in the stubs


def lazy_include(route: str, module: str, app_name: str, namespace: str) -> LazyURLResolver:
    """Like `path(route, include(module))` for a namespaced URLconf, but imported on first use."""
    return LazyURLResolver(RoutePattern(route, is_endpoint=False), module, app_name=app_name, namespace=namespace)

"""The admin's old addresses: before the domains became apps (issue 21) every model lived in the `tournaments`
app, so bookmarks and links in old e-mails read `/admin/tournaments/<model>/...`. They answer 301 to the same
page under the model's own app (`/admin/duplicate/session/12/change/`); the admin there checks who may see it."""

from __future__ import annotations

from django.apps import apps
from django.http import Http404, HttpRequest, HttpResponsePermanentRedirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from tournaments.core.access import public


def _app_of(model_name: str) -> str:
    """The app label the admin now files this model under (404 if no app has such a model)."""
    for model in apps.get_models():  # ours only: django.contrib.sessions has a "session" too
        if model._meta.model_name == model_name and model.__module__.startswith("tournaments."):
            return model._meta.app_label
    raise Http404("No such page in the admin.")


@public  # only a redirect: the admin it points to asks for a staff login
@require_safe
def moved(request: HttpRequest, model_name: str = "", rest: str = "") -> HttpResponsePermanentRedirect:
    """301 from `/admin/tournaments/<model>/<rest>` to `/admin/<app label>/<model>/<rest>`, query kept."""
    index = reverse("admin:index")
    target = f"{index}{_app_of(model_name.lower())}/{model_name.lower()}/{rest}" if model_name else index
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)

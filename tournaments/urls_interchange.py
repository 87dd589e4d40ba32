"""URLs of the interchange pages."""

app_name = "interchange"
urlpatterns: list = []

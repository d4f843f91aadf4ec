"""The web table's endpoints, one module per concern, each an ``APIRouter`` under
``/t/{table}`` (:func:`hacktable.web.app.create_app` mounts them)."""

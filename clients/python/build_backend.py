"""A PEP 517 build backend for porthole.py, standard library only, so that
`pip install ./clients/python` needs no download (no setuptools from PyPI).

It builds one pure-Python wheel holding the module `porthole` and an sdist of this folder. The
metadata comes from pyproject.toml's [project] table, read as flat `key = "string"` lines:
keep that table flat (no arrays, no inline tables) or teach `_project` to read more.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "porthole.py"
SDIST_FILES = ("pyproject.toml", "build_backend.py", MODULE, "README.md")


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    table = re.search(r"^\[project\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if not table:
        raise RuntimeError("pyproject.toml has no [project] table")
    fields = dict(re.findall(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"\s*$', table.group(1), re.M))
    for key in ("name", "version", "description", "readme", "requires-python", "license"):
        if key not in fields:
            raise RuntimeError(f'pyproject.toml: [project] needs {key} = "…"')
    return fields


def _dist_name(p):
    return re.sub(r"[-_.]+", "_", p["name"]).lower()


def _metadata(p):
    with open(os.path.join(HERE, p["readme"]), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {p['name']}\n"
        f"Version: {p['version']}\n"
        f"Summary: {p['description']}\n"
        f"License: {p['license']}\n"
        f"Requires-Python: {p['requires-python']}\n"
        "Description-Content-Type: text/markdown\n"
        f"\n{readme}"
    )


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}\n"


def _wheel(wheel_directory, files):
    p = _project()
    name = f"{_dist_name(p)}-{p['version']}"
    info = f"{name}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = _metadata(p).encode()
    files[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: porthole build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()
    record = "".join(_record_line(path, data) for path, data in files.items()) + f"{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    filename = f"{name}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as whl:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            whl.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return filename


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with open(os.path.join(HERE, MODULE), "rb") as f:
        return _wheel(wheel_directory, {MODULE: f.read()})


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """`pip install -e`: a .pth file that puts this folder on sys.path."""
    return _wheel(wheel_directory, {"porthole_client.pth": (HERE + "\n").encode()})


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    name = f"{_dist_name(p)}-{p['version']}"
    filename = f"{name}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        entries = [(f, open(os.path.join(HERE, f), "rb").read()) for f in SDIST_FILES]
        entries.append(("PKG-INFO", _metadata(p).encode()))
        for path, data in entries:
            member = tarfile.TarInfo(f"{name}/{path}")
            member.size, member.mode = len(data), 0o644
            tar.addfile(member, io.BytesIO(data))
    return filename

"""nsdkit's PEP 517 build backend: `pip install .` builds the Python module with CMake and packs
it into a wheel, with nothing from PyPI (the build tools are CMake, Ninja and the compilers the
project's `./nsdkit.sh deps` installs from Debian; pass `--no-build-isolation`).

Config settings (`pip install . --config-settings KEY=VALUE`):
  build-dir   the CMake build tree to use (default build/pip; e.g. build/release reuses the
              tree of ./nsdkit.sh test, whose module is then taken as built)
  preset      the CMake configure preset for a new tree (default release)

The wheel holds the package `nsdkit` (the extension module nsdkit._nsdkit and the pure-Python
modules beside it) and its metadata (name, version from CMakeLists.txt,
the numpy requirement). Only the standard library is used.
"""
import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        match = re.search(r"project\(nsdkit VERSION ([0-9.]+)", f.read())
    if not match:
        raise RuntimeError("nsdkit_build: no project(nsdkit VERSION ...) in CMakeLists.txt")
    return match.group(1)


def _tag():
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def _metadata():
    return "\n".join([
        "Metadata-Version: 2.1",
        "Name: nsdkit",
        f"Version: {_version()}",
        "Summary: Realizability of rolling for rigid bodies with frictional contacts "
        "(limit directions, Defs 9-11), solver validation and stability bodies",
        "Requires-Python: >=3.9",
        "Requires-Dist: numpy",
        "License: see the nsdkit repository",
        "",
    ])


def _build_module(config_settings):
    settings = config_settings or {}
    build_dir = os.path.abspath(os.path.join(ROOT, settings.get("build-dir", "build/pip")))
    preset = settings.get("preset", "release")
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        subprocess.run(["cmake", "--preset", preset, "-B", build_dir], cwd=ROOT, check=True,
                       stdout=sys.stderr)
    subprocess.run(["cmake", "--build", build_dir, "--target", "nsdkit_python"], cwd=ROOT,
                   check=True, stdout=sys.stderr)
    package = os.path.join(build_dir, "src", "python", "nsdkit")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not os.path.exists(os.path.join(package, "_nsdkit" + suffix)):
        raise RuntimeError(f"nsdkit_build: the build made no {package}/_nsdkit{suffix} "
                           "(another Python?)")
    files = sorted(name for name in os.listdir(package)
                   if name.endswith((".py", suffix)) and not name.startswith("."))
    assets = os.path.join(package, "report_assets")  # the report pages' scripts and style
    files += sorted(f"report_assets/{name}" for name in os.listdir(assets)
                    if name.endswith((".js", ".css")))
    return {f"nsdkit/{name}": os.path.join(package, name) for name in files}


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_module(config_settings)
    version, tag = _version(), _tag()
    dist_info = f"nsdkit-{version}.dist-info"
    wheel_name = f"nsdkit-{version}-{tag}.whl"
    files = {}
    for name, path in package.items():
        with open(path, "rb") as f:
            files[name] = f.read()
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = ("Wheel-Version: 1.0\nGenerator: nsdkit_build\n"
                                   f"Root-Is-Purelib: false\nTag: {tag}\n").encode()
    files[f"{dist_info}/top_level.txt"] = b"nsdkit\n"
    record = [_record_line(name, data) for name, data in files.items()]
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    path = os.path.join(wheel_directory, wheel_name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            wheel.writestr(info, data, zipfile.ZIP_DEFLATED)
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = f"nsdkit-{_version()}.dist-info"
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    with open(os.path.join(metadata_directory, dist_info, "METADATA"), "w") as f:
        f.write(_metadata())
    return dist_info

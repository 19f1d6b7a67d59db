"""The build backend of `pip install .` (PEP 517), in the standard library alone.

It builds the Python module's CMake target (and the libraries it links) with -j2 (KOMA_JOBS
changes it) in build-python/ of the checkout (KOMA_BUILD_DIR changes it), and packs a wheel of
the package `koma`: its __init__.py, the extension, the type stubs and the bundled variants
(koma/variants, so koma.Variant("shogi") works without KOMA_VARIANTS). It needs nothing from a
package index: pip's isolated build environment stays empty.
"""
import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "koma"


def _version():
    with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(koma VERSION ([0-9.]+)", f.read()).group(1)


def _metadata():
    summary = "Rules engine for the shogi family: variants written in Markdown, played by a generic runtime"
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {summary}\n"
            "Requires-Python: >=3.8\nLicense-File: LICENSE\n"
            "Classifier: Programming Language :: C++\nClassifier: Programming Language :: Python :: 3\n"
            "Classifier: Topic :: Games/Entertainment :: Board Games\n")


def _tag():
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{interpreter}{sys.abiflags}-{platform}"


def _build_module():
    """Builds koma_python with CMake; returns the folder holding the package it laid out."""
    build_dir = os.environ.get("KOMA_BUILD_DIR", os.path.join(HERE, "build-python"))
    configure = ["cmake", "-S", HERE, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                 "-DKOMA_TESTS=OFF", "-DKOMA_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}"]
    if shutil.which("ccache"):
        configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    subprocess.run(configure, check=True, stdout=sys.stderr)
    subprocess.run(["cmake", "--build", build_dir, "--target", "koma_python", "-j",
                    os.environ.get("KOMA_JOBS", "2")], check=True, stdout=sys.stderr)
    built = os.path.join(build_dir, "python", "koma")
    if not os.path.isfile(os.path.join(built, "__init__.py")):
        raise RuntimeError(f"CMake did not build the koma module in {built} (are python3-dev and "
                           "pybind11-dev installed?)")
    return built


def _package_files(built):
    """(name in the wheel, file on disk) for every file of the package."""
    files = []
    for name in sorted(os.listdir(built)):
        if name.endswith((".py", ".pyi", ".so")) or name == "py.typed":
            files.append((f"{NAME}/{name}", os.path.join(built, name)))
    variants = os.path.join(HERE, "variants")
    for name in sorted(os.listdir(variants)):
        if re.fullmatch(r"[a-z0-9-]+\.md", name):
            files.append((f"{NAME}/variants/{name}", os.path.join(variants, name)))
    return files


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    built = _build_module()
    dist_info = f"{NAME}-{_version()}.dist-info"
    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    entries = [(name, open(path, "rb").read()) for name, path in _package_files(built)]
    entries.append((f"{dist_info}/METADATA", _metadata().encode()))
    entries.append((f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: koma_build\n"
                                           f"Root-Is-Purelib: false\nTag: {_tag()}\n").encode()))
    entries.append((f"{dist_info}/top_level.txt", f"{NAME}\n".encode()))
    with open(os.path.join(HERE, "LICENSE"), "rb") as f:
        entries.append((f"{dist_info}/LICENSE", f.read()))
    record = [_record_line(name, data) for name, data in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            wheel.writestr(info, data, zipfile.ZIP_DEFLATED)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    """The checkout's files that git tracks, with PKG-INFO, as NAME-VERSION.tar.gz."""
    base = f"{NAME}-{_version()}"
    listed = subprocess.run(["git", "-C", HERE, "ls-files", "-z"], check=True, capture_output=True).stdout
    with tarfile.open(os.path.join(sdist_directory, base + ".tar.gz"), "w:gz") as sdist:
        for name in filter(None, listed.decode().split("\0")):
            sdist.add(os.path.join(HERE, name), arcname=f"{base}/{name}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return base + ".tar.gz"

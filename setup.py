"""Builds the koma extension with CMake for `pip install .`.

Only the Python module's target (and the libraries it links) is built, with -j2 (KOMA_JOBS
changes it), in build-python/ (KOMA_BUILD_DIR changes it); the package gets koma/__init__.py,
its type stubs and the bundled variants (koma/variants), so koma.Variant("shogi") works after
installing without KOMA_VARIANTS.
"""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(koma VERSION ([0-9.]+)", f.read()).group(1)


class CMakeBuild(build_ext):
    """Configures and builds the target koma_python, then lays the package out in build_lib."""

    def build_extension(self, ext):
        build_dir = os.environ.get("KOMA_BUILD_DIR", os.path.join(HERE, "build-python"))
        configure = ["cmake", "-S", HERE, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                     "-DKOMA_TESTS=OFF", "-DKOMA_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}"]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", build_dir, "--target", "koma_python",
                        "-j", os.environ.get("KOMA_JOBS", "2")], check=True)
        built = os.path.join(build_dir, "python", "koma")
        if not os.path.isfile(os.path.join(built, "__init__.py")):
            raise RuntimeError(f"CMake did not build the koma module in {built} (are python3-dev "
                               "and pybind11-dev installed?)")
        package = os.path.dirname(self.get_ext_fullpath(ext.name))
        os.makedirs(package, exist_ok=True)
        for name in os.listdir(built):
            if name.endswith((".py", ".pyi", ".so")) or name == "py.typed":
                shutil.copy2(os.path.join(built, name), package)
        variants = os.path.join(package, "variants")
        shutil.rmtree(variants, ignore_errors=True)
        os.makedirs(variants)
        source = os.path.join(HERE, "variants")
        for name in sorted(os.listdir(source)):
            if name.endswith(".md") and re.fullmatch(r"[a-z0-9-]+\.md", name):
                shutil.copy2(os.path.join(source, name), variants)


setup(
    version=version(),
    ext_modules=[Extension("koma._koma", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python/setuptools"}},
    packages=[],
    py_modules=[],
    zip_safe=False,
)

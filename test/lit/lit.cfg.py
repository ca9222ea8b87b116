# lit configuration of the oli pass tests (test/lit). See README.md there.
import os
import lit.formats

config.name = "oli-pass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".f90", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)

# LLVM 19 tools (opt, FileCheck, not, count, llvm-readobj) first on PATH.
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment.pop("OLI_PASS_OPTIONS", None)
for var in ("OLI_POLICY", "OLI_REPORT", "OLI_VERBOSE", "OLI_PROFILE", "OLI_PLAN", "OLI_COUNT_SMALL", "OLI_MIN_SIZE"):
    config.environment.pop(var, None)

inputs = os.path.join(config.test_source_root, "Inputs")
config.substitutions.append(("%oli_pass", config.oli_plugin))
config.substitutions.append(("%opt", os.path.join(config.llvm_tools_dir, "opt")))
config.substitutions.append(("%FileCheck", os.path.join(config.llvm_tools_dir, "FileCheck")))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%flang", config.flang or "false"))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%stub_runtime", os.path.join(inputs, "stub-runtime.c")))
config.substitutions.append(("%oli_src", config.oli_source_dir))
config.substitutions.append(("%oli_include", os.path.join(config.oli_source_dir, "include")))
config.substitutions.append(("%oli_libdir", config.oli_libdir))
config.substitutions.append(("%oli_cli", os.path.join(config.oli_bindir, "oli")))
config.substitutions.append(("%oli_config", os.path.join(config.oli_bindir, "oli-config")))

if config.flang and os.path.exists(config.flang):
    config.available_features.add("flang")
if os.path.exists(os.path.join(config.oli_libdir, "liboli.so")):
    config.available_features.add("oli-runtime")
if os.path.exists(os.path.join(config.oli_bindir, "oli")):
    config.available_features.add("oli-cli")

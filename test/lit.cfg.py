# lit configuration of the upc-instrument test suites.
#
# CTest runs lit on a source directory with --param upc_site_config=<build's
# lit.site.cfg.py>; that file sets the build's paths and loads this one again.
import os
import shutil
import subprocess

import lit.formats

if not hasattr(config, "upc_obj_root"):
    site = lit_config.params.get("upc_site_config")
    if not site:
        lit_config.fatal(
            "run the tests with ctest, or pass "
            "--param upc_site_config=<build>/test/lit.site.cfg.py")
    lit_config.load_config(config, site)
else:
    from lit.llvm import llvm_config

    config.name = "upc-instrument"
    config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
    config.suffixes = [".upc", ".test"]
    config.excludes = ["Inputs"]
    config.test_source_root = os.path.dirname(__file__)
    # Runs with another C compiler (--param cc=...) get their own output
    # directory: CTest runs them at the same time.
    # The same for runs with another runtime backend (--param backend=mpi).
    # And runs on simulated nodes (--param nodes=K, MPI backend: every
    # program that %upcrun starts has its ranks spread over K nodes by
    # test/tools/upcrun-nodes), each with its one-sided components
    # (--param osc=sm,ucx ...).
    backend = lit_config.params.get("backend", "pthreads")
    nodes = lit_config.params.get("nodes")
    osc = lit_config.params.get("osc")
    config.test_exec_root = os.path.join(
        config.upc_obj_root, "test",
        *(["cc-" + lit_config.params["cc"]] if "cc" in lit_config.params
          else []),
        *(["backend-" + backend] if backend != "pthreads" else []),
        *(["nodes-%s-%s" % (nodes, osc or "default")] if nodes else []),
        # A subset run (--param tag=NAME) apart from the whole suite's.
        *(["tag-" + lit_config.params["tag"]] if "tag" in lit_config.params
          else []))

    # A test that hangs outside a UPC program (a tool, a viewer, a script)
    # is ended by lit after 20 minutes, when psutil can stop its processes
    # (Debian: python3-psutil); CTest's limit of the whole suite is the last
    # resort.
    try:
        import psutil  # noqa: F401
        lit_config.maxIndividualTestTime = 1200
    except ImportError:
        pass

    llvm_config.use_default_substitutions()
    # RUN lines that start with `not` need it on PATH.
    llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
    llvm_config.with_environment("PATH", config.upc_tools_dir, append_path=True)
    llvm_config.with_system_environment(["HOME", "TMPDIR"])
    # Every launcher command links the chosen backend (the translated C is
    # the same for all); programs run through %upcrun, which starts MPI
    # programs with mpirun.
    config.available_features.add("backend-" + backend)
    if backend != "pthreads":
        config.environment["UPC_INSTRUMENT_FLAGS"] = "--backend=" + backend
    # Where every shared operation is a message, test programs run their
    # small workloads (Inputs/check.uph: check_workload); upcrun-nodes sets
    # the same for every program it starts.
    if backend == "mpi":
        config.environment["UPC_TEST_WORKLOAD"] = "small"
        # mpirun waits 1 s twice for the other processes of a job one of
        # whose processes failed, even when all have already exited: 2 s
        # of every test of a failure (Open MPI 4.1).
        config.environment["OMPI_MCA_odls_base_sigkill_timeout"] = "0"
    llvm_config.with_system_environment(["UPC_MPIRUN"])
    if nodes:
        if backend != "mpi":
            lit_config.fatal("--param nodes needs --param backend=mpi")
        config.environment["UPC_MPIRUN"] = os.path.join(
            config.upc_src_root, "test", "tools", "upcrun-nodes")
        config.environment["UPC_SIMULATED_NODES"] = nodes
        config.available_features.add("nodes")
    if osc:
        config.environment["OMPI_MCA_osc"] = osc
    # Several simulated nodes on this machine (test/tools/upcrun-nodes):
    # MPI backend, and UTS namespaces (root).
    # Each test's MPI jobs keep their session directories under the test's
    # own %t: two mpiruns that start at once in one TMPDIR can collide in
    # Open MPI 4.1's session directory ("mkdir ... File exists").
    mpi_session = "env OMPI_MCA_orte_tmpdir_base=%t.ompi "
    # Every UPC program starts through test/tools/deadline: a program that
    # hangs is stopped after UPC_TEST_DEADLINE seconds (default 300, far
    # beyond any healthy run on a busy machine) and named, and its test
    # fails; the other tests go on.
    deadline = "%s %s " % (
        os.path.join(config.upc_src_root, "test", "tools", "deadline"),
        os.environ.get("UPC_TEST_DEADLINE", "300"))
    mpi_session += deadline
    config.substitutions.append(("%upcrun-nodes", mpi_session + os.path.join(
        config.upc_src_root, "test", "tools", "upcrun-nodes")))
    if backend == "mpi" and shutil.which("unshare") and subprocess.run(
            ["unshare", "--uts", "true"], capture_output=True).returncode == 0:
        config.available_features.add("simulated-nodes")
    elif nodes:
        # Simulated nodes need UTS namespaces (root): not on this machine.
        lit_config.note("no simulated nodes here (unshare --uts fails): "
                        "the suite is unsupported")
        config.unsupported = True

    # Another user to attack with (test/Run/mir-security.test): nobody,
    # through util-linux's setpriv, which needs root; its scripts run with
    # the system's Python (nobody cannot read a Python under /root).
    if os.geteuid() == 0 and shutil.which("setpriv") and shutil.which(
            "ss") and os.path.exists("/usr/bin/python3"):
        config.available_features.add("other-uid")

    # csmith (Debian: csmith, libcsmith-dev) for the differential tests.
    if shutil.which("csmith") and os.path.exists(
            "/usr/include/csmith/csmith.h"):
        config.available_features.add("csmith")

    # Headless Chromium (Debian: chromium) draws upc-prof's web page: as
    # root (no sandbox), without a GPU or a large /dev/shm (containers), a
    # fresh profile directory in the test's %t (made by the test), and a
    # bound on a hung browser.
    if shutil.which("chromium"):
        config.available_features.add("chromium")
    config.substitutions.append((
        "%chromium", "timeout 120 chromium --headless --no-sandbox "
        "--disable-gpu --disable-dev-shm-usage --user-data-dir=%t/chromium"))

    # Trace viewers (test/Run/trace-viewers.test): ViTE (Debian: vite),
    # and speedscope's web application, which scripts/install-deps.sh
    # fetches from the npm registry into SPEEDSCOPE_DIR.
    if shutil.which("vite"):
        config.available_features.add("vite")
    speedscope_dir = os.environ.get("SPEEDSCOPE_DIR",
                                    "/usr/local/share/speedscope")
    if os.path.exists(os.path.join(speedscope_dir, "index.html")):
        config.available_features.add("speedscope")
    config.substitutions.append(("%speedscope_dir", speedscope_dir))

    # help2man (Debian: help2man) makes the man pages at build time
    # (packaging/man); without it there are none to test.
    if shutil.which("help2man"):
        config.available_features.add("help2man")

    upc_instrument = os.path.join(config.upc_tools_dir, "upc-instrument")
    config.substitutions.append(("%upc-instrument", upc_instrument))
    # The C compiler of end-to-end tests (Run/): --param cc=gcc-12|clang-19.
    cc = lit_config.params.get("cc", "clang-19")
    config.substitutions.append(("%upcc", upc_instrument + " " + cc))
    config.substitutions.append(("%cc", cc))
    # upcc, Berkeley UPC's command line (%bupcc: %upcc is the launcher).
    config.substitutions.append(("%bupcc", os.path.join(
        config.upc_tools_dir, "upcc")))
    config.substitutions.append(("%upcrun", mpi_session + os.path.join(
        config.upc_tools_dir, "upcrun")))
    config.available_features.add("cc-" + os.path.basename(cc).split("-")[0])
    config.substitutions.append(("%runtime_include", os.path.join(
        config.upc_header_dir, "runtime")))
    config.substitutions.append(("%clang", config.clang))
    config.substitutions.append(("%upc_headers", config.upc_header_dir))
    # %cmake_generator before %cmake, which is a prefix of it.
    config.substitutions.append(("%cmake_generator", config.cmake_generator))
    config.substitutions.append(("%cmake", config.cmake_command))
    config.substitutions.append(("%upc_obj_root", config.upc_obj_root))
    config.substitutions.append(("%upc_src_root", config.upc_src_root))
    config.substitutions.append(("%python", config.python))
    # MIR documents are checked against their DTDs (%mir_dtd/NAME.dtd) and
    # XML Schemas (NAME.xsd) with libxml2's xmllint; upc-mir is the client
    # of running programs.
    config.substitutions.append(("%sirreq_dtd", os.path.join(config.mir_dir, "sirreq.dtd")))
    config.substitutions.append(("%sir_dtd", os.path.join(config.mir_dir, "sir.dtd")))
    config.substitutions.append(("%mir_dtd", config.mir_dir))
    # %mir-validate KIND FILE...: valid against both KIND.dtd and KIND.xsd
    # (MIR, section 9); --dir DIR after it for another tree's.
    config.substitutions.append(("%mir-validate", "%s --dir %s" % (
        os.path.join(config.upc_src_root, "test", "tools", "mir-validate"),
        config.mir_dir)))
    config.substitutions.append(("%upc-mir", os.path.join(
        config.upc_tools_dir, "upc-mir")))
    config.substitutions.append(("%upc-prof", os.path.join(
        config.upc_tools_dir, "upc-prof")))
    config.substitutions.append(("%xmllint", "xmllint --noout --nonet"))

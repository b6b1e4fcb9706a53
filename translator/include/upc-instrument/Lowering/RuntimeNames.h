//===- RuntimeNames.h - The runtime's names in translated C -----*- C++ -*-===//
//
// Every name of the runtime interface (runtime-glue/include/upcr.h and
// upcr_gasp.h, docs/runtime-interface.md) that the translated C spells,
// other than the library's entry points, which come from the library table
// (UpcLibrary.h). The counterpart of InternalNames.h, which names what the
// front end sees; a rename in the runtime is one edit here.
//
// Names that translated code declares itself (locals such as upcr_t_,
// upcr_lo_ and upcr_infos, the function upcri_call_user_main) are not
// runtime names: they are spelled beside the code that declares them.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_RUNTIMENAMES_H
#define UPC_INSTRUMENT_LOWERING_RUNTIMENAMES_H

#include "llvm/ADT/StringRef.h"

namespace upc::runtime {

using llvm::StringLiteral;

// The header and the prologue's configuration macros.
inline constexpr StringLiteral Header = "upcr.h";
inline constexpr StringLiteral AllSegmentsAddressable =
    "UPCR_ALL_SEGMENTS_ADDRESSABLE";
inline constexpr StringLiteral RemoteAccess = "UPCR_REMOTE_ACCESS";
inline constexpr StringLiteral GaspInstrumented = "UPCR_GASP_INSTRUMENTED";
/// MIR probes (upcr_mir.h): GASP events only while a probe measures, the
/// header, a probe's definition and the start of its region.
inline constexpr StringLiteral GaspGated = "UPCR_GASP_GATED";
inline constexpr StringLiteral MirHeader = "upcr_mir.h";
inline constexpr StringLiteral MirProbeDefine = "UPCR_MIR_PROBE_DEFINE";
inline constexpr StringLiteral MirRegion = "UPCR_MIR_REGION";
inline constexpr StringLiteral MirSiteDefine = "UPCR_MIR_SITE_DEFINE";
inline constexpr StringLiteral MirSirDefine = "UPCR_MIR_SIR_DEFINE";
inline constexpr StringLiteral StaticThreads = "UPCR_STATIC_THREADS";

/// UPCR_SRCPOS(file, line, column): a upcr_srcpos_t.
inline constexpr StringLiteral SourcePosition = "UPCR_SRCPOS";

// Pointers-to-shared. Names ending in `_` take the representation's suffix
// (CTypes::suffix: shared or pshared).
inline constexpr StringLiteral PsharedToShared = "upcr_pshared_to_shared";
inline constexpr StringLiteral SharedToPshared = "upcr_shared_to_pshared";
inline constexpr StringLiteral ResetPhase = "upcr_shared_resetphase";
inline constexpr StringLiteral Reblock = "upcr_shared_reblock";
inline constexpr StringLiteral IsNull = "upcr_isnull_";
inline constexpr StringLiteral IsEqual = "upcr_isequal_";
inline constexpr StringLiteral AddIndefinite = "upcr_add_psharedI";
inline constexpr StringLiteral AddCyclic = "upcr_add_pshared1";
inline constexpr StringLiteral AddBlocked = "upcr_add_shared";
inline constexpr StringLiteral SubIndefinite = "upcr_sub_psharedI";
inline constexpr StringLiteral SubCyclic = "upcr_sub_pshared1";
inline constexpr StringLiteral SubBlocked = "upcr_sub_shared";
inline constexpr StringLiteral LocalPart = "upcr_local_part_";
/// upcr_shared_to_local / upcr_pshared_to_local: upcr_ + suffix + this.
inline constexpr StringLiteral ToLocalSuffix = "_to_local";
/// A pointer-to-shared converted to an integer (upcr.h).
inline constexpr StringLiteral ToIntegerSuffix = "_to_integer";
inline constexpr StringLiteral Prefix = "upcr_";
/// Null values (expressions) and the initializer of an initialized proxy.
inline constexpr StringLiteral NullShared = "UPCR_NULL_SHARED";
inline constexpr StringLiteral NullPshared = "UPCR_NULL_PSHARED";
inline constexpr StringLiteral NullSharedInit = "UPCR_NULL_SHARED_INIT";
inline constexpr StringLiteral NullPsharedInit = "UPCR_NULL_PSHARED_INIT";
inline constexpr StringLiteral InitializedShared = "UPCR_INITIALIZED_SHARED";
inline constexpr StringLiteral InitializedPshared = "UPCR_INITIALIZED_PSHARED";

/// Shared accesses: UPCR_[GASP_]{GET,PUT}_{SHARED,PSHARED}_VALUE[_STRICT].
inline constexpr StringLiteral AccessPrefix = "UPCR_";
inline constexpr StringLiteral AccessGaspFamily = "GASP_";

// Synchronization.
inline constexpr StringLiteral Barrier = "upcr_barrier";
inline constexpr StringLiteral Notify = "upcr_notify";
inline constexpr StringLiteral Wait = "upcr_wait";
inline constexpr StringLiteral Fence = "upcr_fence";
inline constexpr StringLiteral BarrierAnonymous = "UPCR_BARRIERFLAG_ANONYMOUS";

// upc_forall.
inline constexpr StringLiteral ForallScope = "UPCR_FORALL_SCOPE";
inline constexpr StringLiteral ForallMine = "UPCR_FORALL_MINE";
/// The variable UPCR_FORALL_SCOPE declares.
inline constexpr StringLiteral ForallNested = "upcr_forall_nested_";
inline constexpr StringLiteral ForallAffinity = "upcr_forall_affinity_";
inline constexpr StringLiteral ForallAffinityInt = "upcr_forall_affinity_int";
inline constexpr StringLiteral ForallAffinityUnsigned =
    "upcr_forall_affinity_unsigned";
inline constexpr StringLiteral ForallFirst = "upcr_forall_first";
inline constexpr StringLiteral ForallFirstBlock = "upcr_forall_first_block";

/// upc_localsizeof of a THREADS-dependent array.
inline constexpr StringLiteral LocalSizeof = "UPCR_LOCALSIZEOF";

// Start, exit and errors.
inline constexpr StringLiteral Run = "upcr_run";
inline constexpr StringLiteral UserMain = "upcr_user_main";
inline constexpr StringLiteral MyThread = "upcr_mythread";
inline constexpr StringLiteral Exit = "upcr_exit";
inline constexpr StringLiteral Error = "upcr_error";

// Static data (Berkeley's static-data design, as docs/runtime-interface.md
// describes it).
inline constexpr StringLiteral ShallocInfo = "upcr_startup_shalloc_t";
inline constexpr StringLiteral Shalloc = "upcr_startup_shalloc";
inline constexpr StringLiteral PshallocInfo = "upcr_startup_pshalloc_t";
inline constexpr StringLiteral Pshalloc = "upcr_startup_pshalloc";
inline constexpr StringLiteral InitArray = "upcr_startup_initarray";
inline constexpr StringLiteral InitParray = "upcr_startup_initparray";
inline constexpr StringLiteral ArrayInitDimInfo =
    "upcr_startup_arrayinit_diminfo_t";
inline constexpr StringLiteral RegisterFile = "UPCR_REGISTER_FILE";
/// The ELF section UPCR_REGISTER_FILE puts each file's record in: an object
/// with this section holds translated UPC code.
inline constexpr StringLiteral FilesSection = "upcri_files";
/// UPCR_STARTUP_RECORD(section): an allocation record that a function holds
/// (a function-scope static whose type only the function can name), in the
/// file's section of such records, which its ALLOC function allocates. The
/// prologue names the sections (macros below: the phaseless records', the
/// phased ones'); each section's name is prefix + the file's suffix.
inline constexpr StringLiteral StartupRecord = "UPCR_STARTUP_RECORD";
inline constexpr StringLiteral PshallocSectionMacro = "UPCRI_PSHALLOC_SECTION";
inline constexpr StringLiteral ShallocSectionMacro = "UPCRI_SHALLOC_SECTION";
inline constexpr StringLiteral PshallocSection = "upcri_pshalloc_";
inline constexpr StringLiteral ShallocSection = "upcri_shalloc_";
/// Per-file names: prefix + the file's suffix.
inline constexpr StringLiteral AllocFunction = "UPCRI_ALLOC_";
inline constexpr StringLiteral InitFunction = "UPCRI_INIT_";
inline constexpr StringLiteral FileRecord = "upcri_file_";
/// The prefix the runtime reserves for its internal names (no user
/// identifier may be renamed into it).
inline constexpr StringLiteral InternalPrefix = "upcri_";

// GASP (upcr_gasp.h): instrumented entries.
inline constexpr StringLiteral GaspBarrier = "upcr_gasp_barrier";
inline constexpr StringLiteral GaspNotify = "upcr_gasp_notify";
inline constexpr StringLiteral GaspWait = "upcr_gasp_wait";
inline constexpr StringLiteral GaspFence = "upcr_gasp_fence";
inline constexpr StringLiteral GaspExit = "upcr_gasp_exit";
inline constexpr StringLiteral GaspMainReturn = "upcr_gasp_main_return";
/// upcr_gasp_c_malloc, _realloc, _free.
inline constexpr StringLiteral GaspCMemory = "upcr_gasp_c_";
inline constexpr StringLiteral GaspCreateEvent = "upcr_gasp_create_event";
inline constexpr StringLiteral GaspFunctionScope = "UPCR_GASP_FUNCTION_SCOPE";
inline constexpr StringLiteral GaspForallScope = "UPCR_GASP_FORALL_SCOPE";
inline constexpr StringLiteral GaspUserEvent = "UPCR_GASP_USER_EVENT";
inline constexpr StringLiteral GaspUserEventArgs = "UPCR_GASP_USER_EVENT_ARGS";
/// Whether the calling thread raises events now (MIR: a probe measures).
inline constexpr StringLiteral GaspActive = "UPCR_GASP_ACTIVE";
/// Whether it counts local accesses and forall iterations now (MIR: a
/// probe measuring such a metric measures), which localized foralls skip.
inline constexpr StringLiteral GaspLocalActive = "UPCR_GASP_LOCAL_ACTIVE";

} // namespace upc::runtime

#endif

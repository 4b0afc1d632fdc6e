//! The messages errors print, written from their fields: each as amp printed it when the
//! variants held preformatted text.

use super::*;
use amp_core::builder::AccessKind;
use amp_core::Loc;

const SITE: Loc = Loc::new("src/main.rs", 12, 5);

fn says(error: Error, text: &str) {
    assert_eq!(error.to_string(), text);
}

#[test]
fn bounds_write_indices_and_extents_as_tuples() {
    says(
        Error::OutOfBounds {
            index: Position::Section {
                origin: vec![1, 2],
                extent: vec![3, 5],
            },
            extent: vec![6, 10],
            fault: None,
        },
        "index section at (1,2) of extent (3,5) is out of bounds of extent (6,10)",
    );
    says(
        Error::OutOfBounds {
            index: Position::Projection(4),
            extent: vec![4, 3],
            fault: None,
        },
        "index projection at 4 is out of bounds of extent (4,3)",
    );
    says(
        Error::OutOfBounds {
            index: Position::Index(vec![-1, 7]),
            extent: vec![8, 7],
            fault: Some(Box::new(KernelFault {
                kernel: format!("parallel_for_each at {SITE}"),
                loc: Loc::new("src/main.rs", 14, 9),
                access: AccessKind::ViewRead,
            })),
        },
        "index (-1,7) is out of bounds of extent (8,7): array view read at \
         src/main.rs:14:9 in kernel `parallel_for_each at src/main.rs:12:5` (the access was \
         skipped; a read gave zero)",
    );
    says(
        Error::ExtentMismatch {
            extent: vec![5],
            expected: 5,
            actual: 4,
        },
        "array view extent (5) holds 5 elements but the data has 4",
    );
}

#[test]
fn domains_name_dimension_extent_and_tile() {
    says(
        Error::InvalidComputeDomain(DomainError::Launch(amp_core::DomainError::TileShape {
            tile: vec![16, 3],
            rule: "r",
        })),
        "invalid compute domain: parallel_for_each(tiling): unsupported tile [16, 3]: r",
    );
    says(
        Error::InvalidComputeDomain(DomainError::Product {
            function: "gemm",
            a: [4, 3],
            b: [4, 5],
            c: [4, 5],
        }),
        "invalid compute domain: gemm of A 4x3 by B 4x5 into C 4x5: A's columns (3) must \
         equal B's rows (4)",
    );
    says(
        Error::InvalidComputeDomain(DomainError::Product {
            function: "gemm",
            a: [4, 3],
            b: [3, 5],
            c: [4, 4],
        }),
        "invalid compute domain: gemm of A 4x3 by B 3x5 into C 4x4: C must be 4x5",
    );
    says(
        Error::InvalidComputeDomain(DomainError::ProjectionRank { rank: 3, asked: 1 }),
        "invalid compute domain: a projection of a rank-3 view has rank 2, not 1",
    );
}

#[test]
fn data_errors_give_types_and_sizes() {
    let float = ElementType {
        name: "f32",
        bytes: 4,
    };
    let quad = ElementType {
        name: "Float4",
        bytes: 16,
    };
    says(
        Error::Reinterpret(ReinterpretError::Size {
            elements: 6,
            from: float,
            bytes: 24,
            to: quad,
        }),
        "element type of reinterpret_as does not evenly divide into extent: a view of 6 \
         elements of f32 (4 bytes) holds 24 bytes, not a whole number of Float4 (16 bytes)",
    );
    says(
        Error::OutOfMemory(MemoryError::Buffer {
            extent: vec![1 << 30],
            elements: 1 << 30,
            element_bytes: 4,
            accelerator: "gpu".into(),
            max: 1 << 28,
        }),
        "out of memory: array view of extent (1073741824) needs 1073741824 4-byte elements \
         but `gpu` allows buffers of at most 268435456 bytes",
    );
    says(
        Error::OutOfMemory(MemoryError::ScratchHost { words: 3 }),
        "out of memory: amp::algorithms need a scratch array of 3 words and the host could \
         not allocate its 12 bytes",
    );
}

#[test]
fn accelerators_are_named() {
    says(
        Error::NoAccelerator(SelectError::NoMatch {
            variable: "AMP_DEFAULT_ACCELERATOR",
            wanted: "radeon".into(),
            available: vec!["a (CPU, vulkan)".into(), "b (discrete GPU, vulkan)".into()],
        }),
        "no accelerator: AMP_DEFAULT_ACCELERATOR is `radeon` but no accelerator matches it \
         (use `cpu`, `gpu`, `emulator` or part of a device name); available: `a (CPU, vulkan)`, \
         `b (discrete GPU, vulkan)`",
    );
    says(
        Error::AcceleratorMismatch(MismatchError::Launch {
            site: SITE,
            runs_on: "a".into(),
            array_on: "b".into(),
        }),
        "parallel_for_each at src/main.rs:12:5 runs on `a` but captures an array or texture \
         created on `b`: arrays and textures stay on the accelerator they were created on; \
         launch there, or copy the data (amp::copy) to one on `a`",
    );
    says(
        Error::NoAccelerator(SelectError::NotFound {
            wanted: "radeon".into(),
            available: vec![],
        }),
        "no accelerator: no accelerator is named `radeon` (use `cpu`, `gpu`, `emulator` or part \
         of a device name); available: none",
    );
    says(
        Error::AcceleratorMismatch(MismatchError::HostArray {
            used_on: "a".into(),
        }),
        "the data of an array on the CPU accelerator stays in host memory and cannot be used \
         on `a`; copy it (amp::copy) to an array on `a`",
    );
    says(
        Error::AcceleratorRemoved(RemovedError {
            accelerator: "a".into(),
            reason: "Destroyed: the device was destroyed".into(),
        }),
        "accelerator removed: `a` was lost (Destroyed: the device was destroyed)",
    );
}

#[test]
fn features_arguments_and_internal_errors() {
    says(
        Error::UnsupportedFeature(FeatureError::TileSize {
            site: SITE,
            tile: [32, 32, 2],
            accelerator: "a".into(),
            max_threads: 1024,
            max_tile: [1024, 1024, 64],
        }),
        "unsupported feature: the kernel at src/main.rs:12:5 uses tiles of 2048 threads \
         (32x32x2, least significant first); `a` allows at most 1024 threads per tile and \
         1024x1024x64",
    );
    says(
        Error::InvalidArgument(ArgumentError::new(
            "histogram",
            ArgumentProblem::TooMany {
                count: 5,
                what: "bins",
                max: 4,
            },
        )),
        "invalid argument: histogram: 5 bins; at most 4 are supported",
    );
    says(
        Error::UnsupportedFeature(FeatureError::HostOnly {
            site: Some(SITE),
            accelerator: "CPU accelerator".into(),
        }),
        "unsupported feature: parallel_for_each at src/main.rs:12:5 is not supported on the \
         selected accelerator \"CPU accelerator\": it keeps arrays in host memory and runs no \
         kernels; launch on another accelerator (Accelerator::default()), and copy the arrays \
         to arrays there (amp::copy)",
    );
    says(
        Error::UnsupportedFeature(FeatureError::HostOnly {
            site: None,
            accelerator: "CPU accelerator".into(),
        }),
        "unsupported feature: the accelerator \"CPU accelerator\" has no device: it keeps \
         arrays in host memory and runs no kernels; launch on another accelerator \
         (Accelerator::default()), and copy the arrays to arrays there (amp::copy)",
    );
    says(
        Error::InvalidArgument(ArgumentError::new(
            "Accelerator::set_default",
            ArgumentProblem::DefaultInUse {
                current: "a".into(),
                wanted: "b".into(),
            },
        )),
        "invalid argument: Accelerator::set_default: the default accelerator is `a` and has \
         been used already (Accelerator::default() returned it), so it cannot become `b`; set \
         the default before anything uses it, or launch on `b` explicitly",
    );
    says(
        Error::InvalidArgument(ArgumentError::new(
            "Accelerator::set_default",
            ArgumentProblem::HostOnlyDefault {
                accelerator: "CPU accelerator".into(),
            },
        )),
        "invalid argument: Accelerator::set_default: `CPU accelerator` keeps arrays in host \
         memory and runs no kernels, so it cannot be the default accelerator",
    );
    says(
        Error::internal(InternalError::FaultSlot {
            launch: 3,
            found: 259,
        }),
        "accelerator error: internal error: the fault slot of launch 3 holds launch 259",
    );
    says(
        Error::Device(DeviceError::OutcomeUnknown),
        "accelerator error: a transfer's outcome was read before it was known",
    );
}

#[test]
fn wgpu_errors_are_the_source() {
    let error = Error::Device(DeviceError::Map {
        source: WgpuError::new(wgpu::BufferAsyncError),
    });
    let source = std::error::Error::source(&error).map(ToString::to_string);
    assert_eq!(source, Some(wgpu::BufferAsyncError.to_string()));
    assert_eq!(
        error.to_string(),
        format!(
            "accelerator error: mapping a download failed: {}",
            wgpu::BufferAsyncError
        )
    );
    assert_eq!(error.clone(), error);
}

#[test]
fn interop_errors_name_usages_sizes_and_what_to_do() {
    says(
        Error::Interop(InteropError::BufferUsage {
            missing: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::VERTEX,
        }),
        "wgpu interop: the buffer lacks the usages COPY_SRC | STORAGE (it has COPY_DST | \
         VERTEX); an array needs STORAGE | COPY_SRC | COPY_DST: create the buffer with them",
    );
    says(
        Error::Interop(InteropError::BufferTooSmall {
            extent: vec![4, 5],
            element: "u32",
            needed: 80,
            size: 64,
        }),
        "wgpu interop: an array of extent (4,5) of `u32` needs a buffer of at least 80 bytes \
         (whole 4-byte words, at least one element); the buffer has 64",
    );
    says(
        Error::Interop(InteropError::SplitData {
            extent: vec![1000],
            buffers: 4,
        }),
        "wgpu interop: the array of extent (1000) is larger than one storage binding and lives \
         in 4 buffers, so it has no one wgpu buffer; use smaller arrays",
    );
    says(
        Error::AcceleratorMismatch(MismatchError::Shared {
            used_on: "b".into(),
            shared_on: "a".into(),
        }),
        "the data of an array whose buffer is shared with wgpu code on `a` stays in that \
         buffer and cannot be used on `b`; copy it (amp::copy) to an array on `b`",
    );
}

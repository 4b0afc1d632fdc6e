//! Coherence and transfer tests through the crate-internal API that launches use. A "kernel"
//! here is a `write_buffer` into the view's device buffer followed by `kernel_wrote`.

use super::*;

fn acc() -> Result<Accelerator> {
    Accelerator::default()
}

/// Plays a kernel that writes `words` into `buffer`.
fn kernel_writes(acc: &Accelerator, buffer: &wgpu::Buffer, words: &[u32]) -> Result<()> {
    let queue = acc.queue()?;
    queue.write_buffer(buffer, 0, bytemuck::cast_slice(words));
    Ok(())
}

/// The first `len` words of `buffer`, read without going through a view.
fn device_words(acc: &Accelerator, buffer: &wgpu::Buffer, len: usize) -> Result<Vec<u32>> {
    transfer::read_back(acc, buffer, 0, len as u64 * 4, |bytes| {
        bytemuck::cast_slice(bytes).to_vec()
    })
}

#[test]
fn round_trip_makes_one_upload_and_one_download() -> Result<()> {
    let acc = acc()?;
    let mut data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    let view = ArrayView::new([2, 3], &mut data)?;
    let buffer = view.device_buffer(&acc)?;
    assert_eq!(
        device_words(&acc, &buffer, 6)?,
        [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0].map(f32::to_bits)
    );
    // Using the view again on the same accelerator uploads nothing.
    view.device_buffer(&acc)?;
    assert_eq!((view.uploads(), view.downloads()), (1, 0));

    kernel_writes(
        &acc,
        &buffer,
        &[10.0f32, 20.0, 30.0, 40.0, 50.0, 60.0].map(f32::to_bits),
    )?;
    view.kernel_wrote();
    view.synchronize()?;
    assert_eq!((view.uploads(), view.downloads()), (1, 1));
    view.synchronize()?;
    assert_eq!(view.get([1, 2])?, 60.0);
    assert_eq!(view.to_vec()?, [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]);
    assert_eq!((view.uploads(), view.downloads()), (1, 1));
    // Host and device are both current: the next kernel uploads nothing.
    view.device_buffer(&acc)?;
    assert_eq!(view.uploads(), 1);
    drop(view);
    assert_eq!(data, [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]);
    Ok(())
}

#[test]
fn process_counters_include_view_transfers() -> Result<()> {
    let acc = acc()?;
    let (up0, down0) = transfer_counts();
    let mut data = [7i32; 16];
    let view = ArrayView::new(16, &mut data)?;
    view.device_buffer(&acc)?;
    view.kernel_wrote();
    view.synchronize()?;
    let (up1, down1) = transfer_counts();
    // Other tests run concurrently, so only a lower bound holds.
    assert!(up1 > up0 && down1 > down0);
    Ok(())
}

#[test]
fn discard_data_skips_the_upload() -> Result<()> {
    let acc = acc()?;
    let mut data = [5u32; 8];
    let view = ArrayView::new(8, &mut data)?;
    view.discard_data();
    let buffer = view.device_buffer(&acc)?;
    assert_eq!(view.uploads(), 0);
    kernel_writes(&acc, &buffer, &[1, 2, 3, 4, 5, 6, 7, 8])?;
    view.kernel_wrote();
    assert_eq!(view.to_vec()?, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!((view.uploads(), view.downloads()), (0, 1));
    Ok(())
}

#[test]
fn discard_drops_pending_results() -> Result<()> {
    let acc = acc()?;
    let mut data = [5u32; 4];
    {
        let view = ArrayView::new(4, &mut data)?;
        let buffer = view.device_buffer(&acc)?;
        kernel_writes(&acc, &buffer, &[9; 4])?;
        view.kernel_wrote();
        view.discard_data();
        view.synchronize()?;
        assert_eq!(view.downloads(), 0);
    }
    assert_eq!(data, [5; 4]);
    Ok(())
}

#[test]
fn bools_travel_as_words() -> Result<()> {
    let acc = acc()?;
    let mut data = [true, false, true, true];
    let view = ArrayView::new(4, &mut data)?;
    let buffer = view.device_buffer(&acc)?;
    assert_eq!(device_words(&acc, &buffer, 4)?, [1, 0, 1, 1]);
    // Any non-zero word reads back as true.
    kernel_writes(&acc, &buffer, &[0, 7, 1, 0])?;
    view.kernel_wrote();
    drop(view);
    assert_eq!(data, [false, true, true, false]);
    Ok(())
}

#[test]
fn negative_and_special_values_survive() -> Result<()> {
    let acc = acc()?;
    let mut ints = [i32::MIN, -1, 0, i32::MAX];
    let mut floats = [f32::NEG_INFINITY, -0.0, f32::MIN_POSITIVE, f32::NAN];
    let iv = ArrayView::new(4, &mut ints)?;
    let fv = ArrayView::new(4, &mut floats)?;
    iv.device_buffer(&acc)?;
    fv.device_buffer(&acc)?;
    iv.kernel_wrote();
    fv.kernel_wrote();
    assert_eq!(iv.to_vec()?, [i32::MIN, -1, 0, i32::MAX]);
    let back = fv.to_vec()?;
    assert_eq!(back[..3], [f32::NEG_INFINITY, -0.0, f32::MIN_POSITIVE]);
    assert!(back[1].is_sign_negative() && back[3].is_nan());
    Ok(())
}

#[test]
fn drop_synchronizes() -> Result<()> {
    let acc = acc()?;
    let mut data = [0i32; 3];
    {
        let view = ArrayView::new(3, &mut data)?;
        let buffer = view.device_buffer(&acc)?;
        kernel_writes(&acc, &buffer, &[3, 2, 1])?;
        view.kernel_wrote();
    }
    assert_eq!(data, [3, 2, 1]);
    Ok(())
}

#[test]
fn host_write_after_kernel_downloads_then_reuploads() -> Result<()> {
    let acc = acc()?;
    let mut data = [0i32; 4];
    let view = ArrayView::new([2, 2], &mut data)?;
    let buffer = view.device_buffer(&acc)?;
    kernel_writes(&acc, &buffer, &[1, 2, 3, 4])?;
    view.kernel_wrote();
    view.set([0, 1], 20)?;
    assert_eq!(view.downloads(), 1);
    assert_eq!(view.to_vec()?, [1, 20, 3, 4]);
    // The device copy is stale now.
    view.device_buffer(&acc)?;
    assert_eq!(view.uploads(), 2);
    assert_eq!(device_words(&acc, &buffer, 4)?, [1, 20, 3, 4]);
    Ok(())
}

#[test]
fn refresh_reuploads() -> Result<()> {
    let acc = acc()?;
    let data = [1u32, 2, 3];
    let view = ConstArrayView::new(3, &data)?;
    view.device_buffer(&acc)?;
    view.device_buffer(&acc)?;
    assert_eq!(view.uploads(), 1);
    view.refresh();
    view.device_buffer(&acc)?;
    assert_eq!(view.uploads(), 2);
    Ok(())
}

#[test]
fn read_only_views_never_download() -> Result<()> {
    let acc = acc()?;
    let data = [1.5f32, 2.5];
    let view = ConstArrayView::new(2, &data)?;
    let buffer = view.device_buffer(&acc)?;
    kernel_writes(&acc, &buffer, &[0, 0])?;
    assert_eq!(view.to_vec()?, [1.5, 2.5]);
    assert_eq!(view.get(1)?, 2.5);
    assert_eq!((view.uploads(), view.downloads()), (1, 0));
    Ok(())
}

#[test]
fn empty_views_make_no_transfers() -> Result<()> {
    let acc = acc()?;
    let mut data: [i32; 0] = [];
    let view = ArrayView::new([0, 3], &mut data)?;
    let buffer = view.device_buffer(&acc)?;
    // Just the zero sentinel that checked kernels read out of range.
    assert_eq!(buffer.size(), 4);
    view.kernel_wrote();
    view.synchronize()?;
    assert_eq!((view.uploads(), view.downloads()), (0, 0));
    assert!(view.to_vec()?.is_empty());
    Ok(())
}

#[test]
fn views_move_between_accelerators() -> Result<()> {
    let all: Vec<Accelerator> = Accelerator::all()?
        .into_iter()
        .filter(|acc| !acc.is_host_only())
        .collect();
    let [first, second, ..] = all.as_slice() else {
        // Needs two accelerators; one is all most machines have.
        return Ok(());
    };
    let mut data = [1i32, 2, 3];
    let view = ArrayView::new(3, &mut data)?;
    let on_first = view.device_buffer(first)?;
    kernel_writes(first, &on_first, &[4, 5, 6])?;
    view.kernel_wrote();
    let on_second = view.device_buffer(second)?;
    assert_eq!((view.uploads(), view.downloads()), (2, 1));
    assert_eq!(device_words(second, &on_second, 3)?, [4, 5, 6]);
    Ok(())
}

#[test]
fn view_words_are_dense_row_major() -> Result<()> {
    let mut d1 = [0u32; 5];
    let mut d2 = [0u32; 6];
    let d3 = [0u32; 24];
    assert_eq!(
        ArrayView::new(5, &mut d1)?.view_data().view_args().words(),
        [5, 0, 5]
    );
    assert_eq!(
        ArrayView::new([2, 3], &mut d2)?
            .view_data()
            .view_args()
            .words(),
        [2, 3, 0, 3, 6]
    );
    assert_eq!(
        ConstArrayView::new([2, 3, 4], &d3)?
            .view_data()
            .view_args()
            .words(),
        [2, 3, 4, 0, 12, 4, 24]
    );
    Ok(())
}

//! Every example, run and checked: the seed programs' outputs, and differential checks against
//! plain Rust on the CPU.

#[path = "../examples/add_arrays.rs"]
mod add_arrays;
#[path = "../examples/add_with_function.rs"]
mod add_with_function;
#[path = "../examples/indexing.rs"]
mod indexing;
#[path = "../examples/matrix_multiply.rs"]
mod matrix_multiply;

use std::process::Command;

#[test]
fn add_arrays_gives_the_seed_output() {
    let sum = add_arrays::add_arrays(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10]).expect("launch");
    assert_eq!(sum, [7, 9, 11, 13, 15]);
}

#[test]
fn add_arrays_on_random_data_of_many_workgroups() {
    let a = matrix_multiply::random_matrix(100_003, 7);
    let b = matrix_multiply::random_matrix(100_003, 8);
    let sum = add_arrays::add_arrays(&a, &b).expect("launch");
    let expected: Vec<i32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(sum, expected);
}

#[test]
fn add_with_function_gives_the_seed_output() {
    let sum =
        add_with_function::add_with_function(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10]).expect("launch");
    assert_eq!(sum, [7, 9, 11, 13, 15]);
}

#[test]
fn indexing_gives_the_seed_output() {
    let (elements, dims) = indexing::indexing().expect("views");
    assert_eq!(elements, [3, 6, 8]);
    assert_eq!(dims, [4, 3, 2]);
}

#[test]
fn matrix_multiply_equals_the_cpu_product() {
    for (m, w, n) in [(100, 70, 90), (1, 1, 1), (17, 33, 5)] {
        let a = matrix_multiply::random_matrix((m * w) as usize, 3);
        let b = matrix_multiply::random_matrix((w * n) as usize, 4);
        let c = matrix_multiply::matmul(&a, &b, m, n, w).expect("launch");
        assert_eq!(
            c,
            matrix_multiply::matmul_cpu(&a, &b, m, n, w),
            "{m}x{w}x{n}"
        );
    }
}

/// The example binary itself prints the seed's lines.
#[test]
fn add_arrays_binary_prints_7_9_11_13_15() {
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--example", "add_arrays"])
        .output()
        .expect("cargo run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "7\n9\n11\n13\n15\n");
}

//! `skidpad` command line.

fn main() {
    println!("skidpad");
}

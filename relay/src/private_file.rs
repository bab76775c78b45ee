//! Reading a small file only this user may have written (the launch file, the address file),
//! without a gap between checking and reading: the file is opened without following a link, its
//! type, owner and mode are checked on the open handle, and the text is read from that same handle.
//! Checking a path and then opening it again would let a folder's writer swap in a link between
//! the two (the relay would then run, or connect to, what the link names).

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Larger files are refused: the launch command and an address are a few hundred bytes.
pub const MAX_BYTES: u64 = 64 * 1024;

pub fn read(path: &Path) -> io::Result<String> {
    let file = open_no_follow(path)?;
    check_handle(&file)?;
    let mut text = String::new();
    file.take(MAX_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the file is too large",
        ));
    }
    Ok(text)
}

fn not_ours(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::PermissionDenied, what.to_string())
}

/// O_NOFOLLOW, whose value differs between kernels and architectures (std does not name it).
#[cfg(all(
    target_os = "linux",
    any(
        target_arch = "aarch64",
        target_arch = "arm",
        target_arch = "powerpc64"
    )
))]
const O_NOFOLLOW: i32 = 0o100_000;
#[cfg(all(
    target_os = "linux",
    not(any(
        target_arch = "aarch64",
        target_arch = "arm",
        target_arch = "powerpc64"
    ))
))]
const O_NOFOLLOW: i32 = 0o400_000;
#[cfg(target_os = "macos")]
const O_NOFOLLOW: i32 = 0x0100;
/// A FIFO put in the file's place would otherwise hold the open until someone writes to it.
#[cfg(target_os = "linux")]
const O_NONBLOCK: i32 = 0o4000;
#[cfg(target_os = "macos")]
const O_NONBLOCK: i32 = 0x0004;

#[cfg(unix)]
fn open_no_follow(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(O_NOFOLLOW | O_NONBLOCK)
        .open(path)
        .map_err(|error| {
            // ELOOP (40 on Linux, 62 on macOS): the last part of the path is a link.
            if matches!(error.raw_os_error(), Some(40) | Some(62)) {
                not_ours("the file is a link")
            } else {
                error
            }
        })
}

#[cfg(unix)]
fn check_handle(file: &File) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let meta = file.metadata()?;
    if !meta.file_type().is_file() {
        return Err(not_ours("the file is not a regular file"));
    }
    if meta.uid() != crate::places::current_uid() || meta.mode() & 0o022 != 0 {
        return Err(not_ours("the file is not this user's alone"));
    }
    Ok(())
}

#[cfg(windows)]
fn open_no_follow(path: &Path) -> io::Result<File> {
    use std::os::windows::fs::OpenOptionsExt;
    // The link itself is opened, never what it names; check_handle then refuses it.
    const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
    OpenOptions::new()
        .read(true)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
        .open(path)
}

#[cfg(windows)]
fn check_handle(file: &File) -> io::Result<()> {
    use std::os::windows::fs::MetadataExt;
    // The file sits in the user's own local application data folder, kept to the user by its ACL.
    const FILE_ATTRIBUTE_REPARSE_POINT: u32 = 0x400;
    let meta = file.metadata()?;
    if meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT != 0 {
        return Err(not_ours("the file is a link"));
    }
    if !meta.file_type().is_file() {
        return Err(not_ours("the file is not a regular file"));
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("relay-private-{}-{}", name, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_a_private_file_and_refuses_a_link_to_one() {
        let dir = folder("link");
        let real = dir.join("real");
        std::fs::write(&real, "text\n").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read(&real).unwrap(), "text\n");
        let link = dir.join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let error = read(&link).unwrap_err();
        assert_eq!(error.to_string(), "the file is a link");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_a_file_others_may_write_a_fifo_and_a_large_file() {
        let dir = folder("modes");
        let open = dir.join("open");
        std::fs::write(&open, "x").unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(read(&open).is_err());
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.map(|s| s.success()).unwrap_or(false) {
            // Without O_NONBLOCK this open would wait for a writer forever.
            assert_eq!(
                read(&fifo).unwrap_err().to_string(),
                "the file is not a regular file"
            );
        }
        let large = dir.join("large");
        std::fs::write(&large, vec![b'x'; (MAX_BYTES + 1) as usize]).unwrap();
        std::fs::set_permissions(&large, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(read(&large).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! Where the relay finds the app: the per-user companion folder (by the rule of
//! electron/companion/places.ts) and in it the address file, which the app writes at every
//! start with the socket path or pipe name it listens on. The relay computes no socket path of
//! its own: the app owns that one rule, and an address no other user can read (Windows: a random
//! pipe name; Unix without a runtime folder: a random private folder) cannot be guessed.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Tests and unusual setups: both sides are told the socket by the environment, no file is read.
pub const SOCKET_ENV: &str = "ASSISTANT_COMPANION_SOCKET";
pub const COMPANION_DIR_ENV: &str = "ASSISTANT_COMPANION_DIR";
pub const LAUNCH_FILE: &str = "launch";
pub const ADDRESS_FILE: &str = "address";

/// A variable's value when it is an absolute path (a relative one is ignored, as the app does).
fn absolute_of(value: Option<OsString>) -> Option<PathBuf> {
    match value {
        Some(value) if !value.is_empty() && Path::new(&value).is_absolute() => {
            Some(PathBuf::from(value))
        }
        _ => None,
    }
}

fn home_of(var: &dyn Fn(&str) -> Option<OsString>) -> PathBuf {
    #[cfg(windows)]
    let name = "USERPROFILE";
    #[cfg(not(windows))]
    let name = "HOME";
    PathBuf::from(var(name).unwrap_or_default())
}

#[cfg(unix)]
extern "C" {
    fn getuid() -> u32;
}

/// The socket the environment names, if it does (tests).
pub fn socket_override() -> Option<PathBuf> {
    match env::var_os(SOCKET_ENV) {
        Some(value) if !value.is_empty() => Some(PathBuf::from(value)),
        _ => None,
    }
}

/// The Windows pipe the app names: its prefix, then 32 lowercase hexadecimal digits (128 bits).
pub const PIPE_PREFIX: &str = r"\\.\pipe\assistant-desktop-companion-";
/// macOS's sun_path holds 104 bytes with the terminating NUL (Linux 108).
pub const MAX_SOCKET_PATH: usize = 103;

/// The address file's text: one line, the address, in the form the app writes on this system.
pub fn parse_address(text: &str) -> Option<PathBuf> {
    let line = text.strip_suffix('\n')?;
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.is_empty() || line.contains(['\n', '\r', '\0']) {
        return None;
    }
    if cfg!(windows) {
        let random = line.strip_prefix(PIPE_PREFIX)?;
        let hex = random.len() == 32
            && random
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        return if hex { Some(PathBuf::from(line)) } else { None };
    }
    let sane = line.starts_with('/')
        && line.len() <= MAX_SOCKET_PATH
        && line.ends_with("/companion.sock")
        && !line.split('/').any(|part| part == "..");
    if sane {
        Some(PathBuf::from(line))
    } else {
        None
    }
}

/// The per-user companion folder (the launch and address files; on Windows, the host manifest).
pub fn companion_dir() -> PathBuf {
    companion_dir_from(&|name| env::var_os(name))
}

/// The folder by the app's rule (electron/companion/places.ts), from the variables `var` gives:
/// the rule both sides test against one table (testdata/companion-dirs.tsv).
fn companion_dir_from(var: &dyn Fn(&str) -> Option<OsString>) -> PathBuf {
    if let Some(dir) = absolute_of(var(COMPANION_DIR_ENV)) {
        return dir;
    }
    if cfg!(windows) {
        let local = absolute_of(var("LOCALAPPDATA"))
            .unwrap_or_else(|| home_of(var).join("AppData").join("Local"));
        local.join("Assistant Desktop").join("companion")
    } else if cfg!(target_os = "macos") {
        home_of(var)
            .join("Library")
            .join("Application Support")
            .join("Assistant Desktop")
            .join("companion")
    } else {
        let config =
            absolute_of(var("XDG_CONFIG_HOME")).unwrap_or_else(|| home_of(var).join(".config"));
        config.join("assistant-desktop").join("companion")
    }
}

pub fn launch_file() -> PathBuf {
    companion_dir().join(LAUNCH_FILE)
}

pub fn address_file() -> PathBuf {
    companion_dir().join(ADDRESS_FILE)
}

#[cfg(unix)]
pub fn current_uid() -> u32 {
    // Safety: getuid cannot fail and touches no memory of ours.
    unsafe { getuid() }
}

#[cfg(test)]
mod tests {
    use super::{companion_dir_from, parse_address};
    use std::ffi::OsString;
    use std::path::PathBuf;

    /// The table the app's test reads too (test/unit/companion/address-file.test.ts).
    const TABLE: &str = include_str!("../testdata/addresses.tsv");
    const SYSTEM: &str = if cfg!(windows) { "windows" } else { "unix" };

    /// The companion folder's rule, the app's test reads it too
    /// (test/unit/companion/registration/manifests.test.ts).
    const DIRS: &str = include_str!("../testdata/companion-dirs.tsv");
    const OS: &str = if cfg!(windows) {
        "windows"
    } else if cfg!(target_os = "macos") {
        "macos"
    } else {
        "linux"
    };

    #[test]
    fn the_companion_folder_follows_the_shared_table() {
        let mut cases = 0;
        for line in DIRS.lines() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [os, home, vars, folder] = fields[..] else {
                panic!("not four fields in the table's line {:?}", line);
            };
            if os != OS {
                continue;
            }
            let mut given: Vec<(String, String)> = vec![(
                if cfg!(windows) { "USERPROFILE" } else { "HOME" }.to_string(),
                home.to_string(),
            )];
            if vars != "-" {
                for pair in vars.split('|') {
                    let (name, value) = pair.split_once('=').expect("NAME=value");
                    given.push((name.to_string(), value.to_string()));
                }
            }
            let var = |name: &str| {
                given
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| OsString::from(v))
            };
            assert_eq!(
                companion_dir_from(&var),
                PathBuf::from(folder),
                "the line {:?}",
                line
            );
            cases += 1;
        }
        // A table read as nothing must not pass.
        assert!(cases >= 3, "only {} cases read from the table", cases);
    }

    #[test]
    fn addresses_agree_with_the_shared_table() {
        let mut cases = 0;
        for line in TABLE.lines() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.splitn(3, '\t');
            let (system, verdict, address) = match (fields.next(), fields.next(), fields.next()) {
                (Some(s), Some(v), Some(a)) => (s, v, a),
                _ => panic!("not three fields in the table's line {:?}", line),
            };
            if system != SYSTEM {
                continue;
            }
            let read = parse_address(&format!("{}\n", address));
            assert_eq!(read.is_some(), verdict == "ok", "the address {:?}", address);
            cases += 1;
        }
        // A table read as nothing must not pass.
        assert!(cases >= 9, "only {} cases read from the table", cases);
    }

    #[test]
    fn takes_one_line_only() {
        let ok = if cfg!(windows) {
            format!("{}{}", super::PIPE_PREFIX, "0a".repeat(16))
        } else {
            "/run/user/1000/assistant-desktop/companion.sock".to_string()
        };
        assert!(parse_address(&format!("{}\n", ok)).is_some());
        assert!(parse_address(&format!("{}\r\n", ok)).is_some());
        assert!(parse_address(&ok).is_none());
        assert!(parse_address(&format!("{}\n{}\n", ok, ok)).is_none());
    }
}

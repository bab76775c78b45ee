//! Where the app's socket and the companion folder are, by the same rule as the app
//! (electron/core/companion/places.ts): both sides must agree without talking.

use std::env;
use std::path::{Path, PathBuf};

pub const SOCKET_ENV: &str = "ASSISTANT_COMPANION_SOCKET";
pub const COMPANION_DIR_ENV: &str = "ASSISTANT_COMPANION_DIR";
pub const LAUNCH_FILE: &str = "launch";

fn absolute_env(name: &str) -> Option<PathBuf> {
    match env::var_os(name) {
        Some(value) if !value.is_empty() && Path::new(&value).is_absolute() => {
            Some(PathBuf::from(value))
        }
        _ => None,
    }
}

fn home() -> PathBuf {
    #[cfg(windows)]
    let name = "USERPROFILE";
    #[cfg(not(windows))]
    let name = "HOME";
    PathBuf::from(env::var_os(name).unwrap_or_default())
}

#[cfg(unix)]
extern "C" {
    fn getuid() -> u32;
}

/// The app's socket: a Unix domain socket path, or a named pipe's name on Windows.
pub fn socket_path() -> PathBuf {
    match env::var_os(SOCKET_ENV) {
        Some(value) if !value.is_empty() => return PathBuf::from(value),
        _ => {}
    }
    default_socket_path()
}

#[cfg(windows)]
fn default_socket_path() -> PathBuf {
    // A name Windows could not hold as Unicode (a lone surrogate) becomes U+FFFD, so '_'.
    let user = env::var_os("USERNAME").unwrap_or_default();
    PathBuf::from(pipe_name(&user.to_string_lossy()))
}

/// The app's pipe for a Windows user name, by the rule places.ts follows too: every Unicode code
/// point (a `char`) that is not an ASCII letter, digit, `.`, `_` or `-` becomes one `_`, and the
/// first 64 characters are kept. Per code point, not per UTF-16 unit: an emoji is one `_`.
/// relay/testdata/pipe-names.tsv holds the cases both sides are tested against.
#[cfg(any(windows, test))]
fn pipe_name(user: &str) -> String {
    let cleaned: String = user
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect();
    format!(r"\\.\pipe\assistant-desktop-companion-{}", cleaned)
}

#[cfg(unix)]
fn default_socket_path() -> PathBuf {
    // XDG_RUNTIME_DIR is the user's own 0700 folder; macOS's TMPDIR is per user.
    let runtime = if cfg!(target_os = "macos") {
        absolute_env("TMPDIR")
    } else {
        absolute_env("XDG_RUNTIME_DIR")
    };
    let folder = match runtime {
        Some(dir) => dir.join("assistant-desktop"),
        // Safety: getuid cannot fail and touches no memory of ours.
        None => PathBuf::from(format!("/tmp/assistant-desktop-{}", unsafe { getuid() })),
    };
    folder.join("companion.sock")
}

/// The per-user companion folder (the launch file; on Windows, the host manifest).
pub fn companion_dir() -> PathBuf {
    if let Some(dir) = absolute_env(COMPANION_DIR_ENV) {
        return dir;
    }
    if cfg!(windows) {
        let local =
            absolute_env("LOCALAPPDATA").unwrap_or_else(|| home().join("AppData").join("Local"));
        local.join("Assistant Desktop").join("companion")
    } else if cfg!(target_os = "macos") {
        home()
            .join("Library")
            .join("Application Support")
            .join("Assistant Desktop")
            .join("companion")
    } else {
        let config = absolute_env("XDG_CONFIG_HOME").unwrap_or_else(|| home().join(".config"));
        config.join("assistant-desktop").join("companion")
    }
}

pub fn launch_file() -> PathBuf {
    companion_dir().join(LAUNCH_FILE)
}

#[cfg(unix)]
pub fn current_uid() -> u32 {
    // Safety: as above.
    unsafe { getuid() }
}

#[cfg(test)]
mod tests {
    use super::pipe_name;

    /// The table the app's test reads too (test/unit/core/companion/pipe-names.test.ts).
    const TABLE: &str = include_str!("../testdata/pipe-names.tsv");

    #[test]
    fn pipe_names_agree_with_the_shared_table() {
        let mut cases = 0;
        for line in TABLE.lines() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (user, expected) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("no tab in the table's line {:?}", line));
            assert_eq!(pipe_name(user), expected, "the user name {:?}", user);
            cases += 1;
        }
        // A table read as nothing must not pass: it holds the emoji, the domain account and more.
        assert!(cases >= 15, "only {} cases read from the table", cases);
    }
}

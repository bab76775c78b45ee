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
    let user: String = env::var("USERNAME")
        .unwrap_or_default()
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
    PathBuf::from(format!(r"\\.\pipe\assistant-desktop-companion-{}", user))
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

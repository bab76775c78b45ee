//! Whether what listens at the app's address is this user's own app, checked before the relay
//! sends it anything. Another local user could otherwise put a socket (or create a pipe) where the
//! relay looks and read the browser's deals and questions, and answer them.
//!
//! Unix: the socket's folder is a real folder (not a link), the user's, with no permission for
//! group or others (so nobody else can put or replace anything in it); the socket is a socket and
//! the user's; and once connected, the process at the other end runs as this user (SO_PEERCRED on
//! Linux, getpeereid on macOS): the places are checked before connecting, the peer after, so a
//! swap between the two is caught too. Windows: the process serving the pipe runs as the same
//! user (its token's user SID equals the relay's own).

use crate::app_socket::Failure;

#[cfg(unix)]
pub use self::unix::{check_peer, check_socket_place};
#[cfg(windows)]
pub use self::windows::check_pipe_server;

#[cfg(unix)]
mod unix {
    use super::Failure;
    use crate::places::current_uid;
    use std::fs;
    use std::io;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    use std::os::unix::io::AsRawFd;
    use std::os::unix::net::UnixStream;
    use std::path::Path;

    fn lstat(path: &Path) -> Result<fs::Metadata, Failure> {
        fs::symlink_metadata(path).map_err(|error| {
            if error.kind() == io::ErrorKind::NotFound {
                Failure::Absent(error)
            } else {
                Failure::Other(error)
            }
        })
    }

    pub fn check_socket_place(path: &Path) -> Result<(), Failure> {
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => {
                return Err(Failure::Untrusted(format!(
                    "{} has no folder",
                    path.display()
                )))
            }
        };
        let untrusted = |why: &str| Failure::Untrusted(format!("{} {}", folder.display(), why));
        let meta = lstat(folder)?;
        if meta.file_type().is_symlink() {
            return Err(untrusted("is a link, not the app's own folder"));
        }
        if !meta.is_dir() {
            return Err(untrusted("is not a folder"));
        }
        if meta.uid() != current_uid() {
            return Err(untrusted("belongs to another user"));
        }
        if meta.mode() & 0o077 != 0 {
            return Err(untrusted(&format!(
                "is open to other users (mode {:o}); the app keeps it 700",
                meta.mode() & 0o777
            )));
        }
        let meta = lstat(path)?;
        if !meta.file_type().is_socket() {
            return Err(Failure::Untrusted(format!(
                "{} is not a socket",
                path.display()
            )));
        }
        if meta.uid() != current_uid() {
            return Err(Failure::Untrusted(format!(
                "{} belongs to another user",
                path.display()
            )));
        }
        Ok(())
    }

    pub fn check_peer(stream: &UnixStream) -> Result<(), Failure> {
        let uid = peer_uid(stream.as_raw_fd()).map_err(Failure::Other)?;
        if uid != current_uid() {
            return Err(Failure::Untrusted(format!(
                "the program listening there runs as another user (uid {})",
                uid
            )));
        }
        Ok(())
    }

    #[cfg(target_os = "linux")]
    fn peer_uid(fd: i32) -> io::Result<u32> {
        #[repr(C)]
        struct Ucred {
            pid: i32,
            uid: u32,
            gid: u32,
        }
        extern "C" {
            fn getsockopt(fd: i32, level: i32, name: i32, value: *mut Ucred, len: *mut u32) -> i32;
        }
        // SOL_SOCKET and SO_PEERCRED as on x86, x86-64, ARM and RISC-V (the relay's Linux targets).
        const SOL_SOCKET: i32 = 1;
        const SO_PEERCRED: i32 = 17;
        let mut cred = Ucred {
            pid: 0,
            uid: u32::MAX,
            gid: u32::MAX,
        };
        let mut len = std::mem::size_of::<Ucred>() as u32;
        // Safety: `cred` and `len` live across the call, and `len` says how big `cred` is.
        let status = unsafe { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &mut cred, &mut len) };
        if status != 0 {
            return Err(io::Error::last_os_error());
        }
        if len as usize != std::mem::size_of::<Ucred>() {
            return Err(io::Error::other("SO_PEERCRED answered short"));
        }
        Ok(cred.uid)
    }

    #[cfg(target_os = "macos")]
    fn peer_uid(fd: i32) -> io::Result<u32> {
        extern "C" {
            fn getpeereid(fd: i32, uid: *mut u32, gid: *mut u32) -> i32;
        }
        let (mut uid, mut gid) = (u32::MAX, u32::MAX);
        // Safety: both out-pointers live across the call.
        if unsafe { getpeereid(fd, &mut uid, &mut gid) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(uid)
    }
}

#[cfg(windows)]
mod windows {
    //! GetNamedPipeServerProcessId names the process serving the pipe; its token's user is
    //! compared with the relay's own. Another user's process cannot be opened for the query by a
    //! standard user at all, which is a refusal too.
    use super::Failure;
    use core::ffi::c_void;
    use std::fs::File;
    use std::io;
    use std::os::windows::io::AsRawHandle;

    type Handle = *mut c_void;

    #[link(name = "kernel32")]
    extern "system" {
        fn GetNamedPipeServerProcessId(pipe: Handle, process_id: *mut u32) -> i32;
        fn OpenProcess(access: u32, inherit: i32, process_id: u32) -> Handle;
        fn GetCurrentProcess() -> Handle;
        fn CloseHandle(handle: Handle) -> i32;
    }

    #[link(name = "advapi32")]
    extern "system" {
        fn OpenProcessToken(process: Handle, access: u32, token: *mut Handle) -> i32;
        fn GetTokenInformation(
            token: Handle,
            class: u32,
            info: *mut c_void,
            length: u32,
            returned: *mut u32,
        ) -> i32;
        fn EqualSid(a: *mut c_void, b: *mut c_void) -> i32;
    }

    const PROCESS_QUERY_LIMITED_INFORMATION: u32 = 0x1000;
    const TOKEN_QUERY: u32 = 0x0008;
    const TOKEN_USER_CLASS: u32 = 1;

    /// A TOKEN_USER and the SID it points into (a SID is at most 68 bytes), pointer-aligned.
    struct TokenUser {
        buffer: [u64; 64],
    }

    impl TokenUser {
        /// TOKEN_USER begins with SID_AND_ATTRIBUTES, which begins with the SID's pointer.
        fn sid(&mut self) -> *mut c_void {
            self.buffer[0] as usize as *mut c_void
        }
    }

    struct Owned(Handle);

    impl Drop for Owned {
        fn drop(&mut self) {
            // Safety: the handle was opened by us and is closed once.
            unsafe { CloseHandle(self.0) };
        }
    }

    fn token_user(process: Handle) -> io::Result<TokenUser> {
        let mut token: Handle = std::ptr::null_mut();
        // Safety: `token` is an out-pointer that lives across the call.
        if unsafe { OpenProcessToken(process, TOKEN_QUERY, &mut token) } == 0 {
            return Err(io::Error::last_os_error());
        }
        let token = Owned(token);
        let mut user = TokenUser { buffer: [0; 64] };
        let mut returned = 0u32;
        // Safety: the buffer is as large as the length says and outlives the call.
        let ok = unsafe {
            GetTokenInformation(
                token.0,
                TOKEN_USER_CLASS,
                user.buffer.as_mut_ptr() as *mut c_void,
                std::mem::size_of_val(&user.buffer) as u32,
                &mut returned,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(user)
    }

    pub fn check_pipe_server(pipe: &File) -> Result<(), Failure> {
        let refuse = |why: String| Failure::Untrusted(why);
        let mut pid = 0u32;
        // Safety: the handle is open for as long as `pipe`; `pid` is an out-pointer.
        if unsafe { GetNamedPipeServerProcessId(pipe.as_raw_handle() as Handle, &mut pid) } == 0 {
            return Err(Failure::Other(io::Error::last_os_error()));
        }
        // Safety: plain calls; the handle is closed by Owned.
        let server = unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) };
        if server.is_null() {
            return Err(refuse(format!(
                "the program serving the pipe (process {}) could not be checked ({}): it may be another user's",
                pid,
                io::Error::last_os_error()
            )));
        }
        let server = Owned(server);
        let mut theirs = token_user(server.0)
            .map_err(|e| refuse(format!("the pipe's server could not be checked ({})", e)))?;
        // Safety: the pseudo-handle of the current process needs no closing.
        let mut ours = token_user(unsafe { GetCurrentProcess() }).map_err(Failure::Other)?;
        // Safety: both SIDs point into buffers that live to the end of this function.
        if unsafe { EqualSid(theirs.sid(), ours.sid()) } == 0 {
            return Err(refuse(format!(
                "the program serving the pipe (process {}) runs as another user",
                pid
            )));
        }
        Ok(())
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::net::{UnixListener, UnixStream};

    fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("relay-trust-{}-{}", name, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        dir
    }

    #[test]
    fn a_peer_of_this_user_passes() {
        let (one, _two) = UnixStream::pair().unwrap();
        assert!(check_peer(&one).is_ok());
    }

    #[test]
    fn a_private_folder_passes_an_open_one_or_a_link_does_not() {
        let dir = folder("places");
        let socket = dir.join("companion.sock");
        assert!(matches!(
            check_socket_place(&socket),
            Err(Failure::Absent(_))
        ));
        let _listener = UnixListener::bind(&socket).unwrap();
        assert!(check_socket_place(&socket).is_ok());

        let link = dir.with_extension("link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&dir, &link).unwrap();
        match check_socket_place(&link.join("companion.sock")) {
            Err(Failure::Untrusted(why)) => assert!(why.contains("is a link"), "{}", why),
            other => panic!("{:?}", other.map(|_| ())),
        }

        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        match check_socket_place(&socket) {
            Err(Failure::Untrusted(why)) => assert!(why.contains("mode 777"), "{}", why),
            other => panic!("{:?}", other.map(|_| ())),
        }
        std::fs::remove_file(&link).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! The connection to the app: a Unix domain socket, or on Windows a named pipe opened as a file.
//! Each is split into a reading half and a writing half, used by one thread each. Nothing is
//! written to the connection here: it is handed on only once it is proven to be this user's own
//! (trust.rs), so a squatter learns nothing of the browser's, not even the handshake.

use crate::trust;
use std::io::{self, Read, Write};
use std::path::Path;

pub type Halves = (Box<dyn Read + Send>, Box<dyn Write + Send>);

/// Why a connection was not made.
#[derive(Debug)]
pub enum Failure {
    /// Nothing listens there (start the app and wait).
    Absent(io::Error),
    /// Something is there that is not this user's own: never used, never retried.
    Untrusted(String),
    Other(io::Error),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Absent(error) | Failure::Other(error) => write!(f, "{}", error),
            Failure::Untrusted(why) => write!(f, "{}", why),
        }
    }
}

fn failure(error: io::Error) -> Failure {
    let absent = matches!(
        error.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::ConnectionRefused
    ) || is_pipe_busy(&error);
    if absent {
        Failure::Absent(error)
    } else {
        Failure::Other(error)
    }
}

#[cfg(unix)]
pub fn connect(path: &Path) -> Result<Halves, Failure> {
    trust::check_socket_place(path)?;
    let stream = std::os::unix::net::UnixStream::connect(path).map_err(failure)?;
    // The places were checked before connecting; the peer is the proof that holds after.
    trust::check_peer(&stream)?;
    let reader = stream.try_clone().map_err(Failure::Other)?;
    Ok((Box::new(reader), Box::new(stream)))
}

#[cfg(unix)]
fn is_pipe_busy(_error: &io::Error) -> bool {
    false
}

/// How long a relay waits for a free instance of a busy pipe before it reads the app as absent.
#[cfg(windows)]
const BUSY_PIPE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

#[cfg(windows)]
pub fn connect(path: &Path) -> Result<Halves, Failure> {
    // A pipe whose instances are all taken for a moment (several tabs' relays at once: the app
    // keeps a few waiting and makes another as each is taken) is a running app: wait for an
    // instance, as WaitNamedPipe is for, rather than start the app again and tell the panel so.
    let deadline = std::time::Instant::now() + BUSY_PIPE_WAIT;
    let file = loop {
        match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
        {
            Ok(file) => break file,
            Err(error) if is_pipe_busy(&error) && std::time::Instant::now() < deadline => {
                windows::wait_for_instance(path);
            }
            Err(error) => return Err(failure(error)),
        }
    };
    trust::check_pipe_server(&file)?;
    windows::halves(file).map_err(Failure::Other)
}

#[cfg(windows)]
fn is_pipe_busy(error: &io::Error) -> bool {
    // ERROR_PIPE_BUSY: every instance is taken for a moment; the app makes another.
    error.raw_os_error() == Some(231)
}

#[cfg(windows)]
mod windows {
    //! A pipe handle opened for synchronous I/O serialises every call on it: a ReadFile waiting
    //! for the app would hold back the other thread's WriteFile. So the reading half never waits
    //! inside ReadFile: it asks PeekNamedPipe how much is there and reads only that, pausing
    //! briefly when nothing is. Type-checked on Linux against Debian's Windows standard library
    //! (docs/companion.md, "The relay's build"); built and tested on Windows by the workflows.
    use super::Halves;
    use std::fs::File;
    use std::io::{self, Read};
    use std::os::windows::io::AsRawHandle;
    use std::thread;
    use std::time::Duration;

    #[link(name = "kernel32")]
    extern "system" {
        fn WaitNamedPipeW(name: *const u16, timeout_ms: u32) -> i32;
        fn PeekNamedPipe(
            pipe: *mut core::ffi::c_void,
            buffer: *mut u8,
            buffer_size: u32,
            bytes_read: *mut u32,
            total_available: *mut u32,
            bytes_left_this_message: *mut u32,
        ) -> i32;
    }

    /// Waits (at most half a second) until an instance of the pipe is free; whether one came is
    /// learnt by opening it again.
    pub fn wait_for_instance(path: &std::path::Path) {
        use std::os::windows::ffi::OsStrExt;
        let name: Vec<u16> = path.as_os_str().encode_wide().chain(Some(0)).collect();
        // Safety: `name` is a NUL-terminated UTF-16 string that outlives the call.
        unsafe {
            WaitNamedPipeW(name.as_ptr(), 500);
        }
    }

    struct PipeReader {
        file: File,
    }

    impl Read for PipeReader {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if buf.is_empty() {
                return Ok(0);
            }
            loop {
                let mut available: u32 = 0;
                // Safety: the handle is open for as long as `self.file`; null buffers are allowed.
                let ok = unsafe {
                    PeekNamedPipe(
                        self.file.as_raw_handle() as *mut core::ffi::c_void,
                        std::ptr::null_mut(),
                        0,
                        std::ptr::null_mut(),
                        &mut available,
                        std::ptr::null_mut(),
                    )
                };
                if ok == 0 {
                    let error = io::Error::last_os_error();
                    // ERROR_BROKEN_PIPE: the app closed its end.
                    if error.raw_os_error() == Some(109) {
                        return Ok(0);
                    }
                    return Err(error);
                }
                if available > 0 {
                    let want = buf.len().min(available as usize);
                    return self.file.read(&mut buf[..want]);
                }
                thread::sleep(Duration::from_millis(1));
            }
        }
    }

    pub fn halves(file: File) -> io::Result<Halves> {
        let writer = file.try_clone()?;
        Ok((Box::new(PipeReader { file }), Box::new(writer)))
    }
}

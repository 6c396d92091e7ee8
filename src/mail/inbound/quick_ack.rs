//! A connection's reading half that acknowledges what it reads at once.
//!
//! Many SMTP clients (lettre among them, and so Turnpost's own mail worker) write a message's
//! data and its closing `.` line in two writes without turning Nagle's algorithm off: the second
//! write waits until the first is acknowledged, and Linux delays an acknowledgement by up to
//! 40 ms when it has nothing to send back. Every message received would wait that long. Linux
//! forgets `TCP_QUICKACK` after a while, so it is asked for again after every read.

use std::os::fd::AsRawFd;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, ReadBuf};
use tokio::net::tcp::OwnedReadHalf;

/// A connection's reading half, asking for quick acknowledgements after every read.
pub struct QuickAck(pub OwnedReadHalf);

impl AsyncRead for QuickAck {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let read = Pin::new(&mut self.0).poll_read(cx, buf);
        if read.is_ready() {
            ask_quick_ack(self.0.as_ref().as_raw_fd());
        }
        read
    }
}

/// Asks the kernel to acknowledge what socket `fd` receives at once, until it next forgets.
pub fn ask_quick_ack(fd: std::os::fd::RawFd) {
    let on: libc::c_int = 1;
    // SAFETY: setsockopt only reads the option's value, a c_int that lives through the call; on
    // a descriptor that is not an open TCP socket it fails and changes nothing. A failure only
    // leaves acknowledgements as the kernel times them.
    unsafe {
        libc::setsockopt(
            fd,
            libc::IPPROTO_TCP,
            libc::TCP_QUICKACK,
            (&raw const on).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
    }
}

//! A real Postfix (Debian's package, installed by scripts/install-test-deps) in a folder of its
//! own: it takes Turnpost's outgoing mail over SMTP and passes it to the tests' SMTP server, and
//! carries mail for the site's domain — replies and bounces — to `turnpost mail-inbound` by
//! LMTP, as docs/operations.md configures it. The bounces it writes are its own.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

pub struct Postfix {
    /// Where it listens for SMTP.
    pub addr: SocketAddr,
    dir: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

const MASTER_CF: &str = "\
pickup    unix  n - n 60 1 pickup
cleanup   unix  n - n - 0 cleanup
qmgr      unix  n - n 300 1 qmgr
rewrite   unix  - - n - - trivial-rewrite
bounce    unix  - - n - 0 bounce
defer     unix  - - n - 0 bounce
trace     unix  - - n - 0 bounce
verify    unix  - - n - 1 verify
flush     unix  n - n 1000? 0 flush
proxymap  unix  - - n - - proxymap
smtp      unix  - - n - - smtp
relay     unix  - - n - - smtp
error     unix  - - n - - error
retry     unix  - - n - - error
discard   unix  - - n - - discard
lmtp      unix  - - n - - lmtp
anvil     unix  - - n - 1 anvil
scache    unix  - - n - 1 scache
showq     unix  n - n - - showq
postlog   unix-dgram n - n - 1 postlogd
";

impl Postfix {
    /// Starts Postfix for `domain`: its mail goes to `inbound` by LMTP, everything else to
    /// `outside` by SMTP.
    pub fn start(domain: &str, inbound: SocketAddr, outside: SocketAddr) -> Postfix {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!(
            "turnpost-postfix-{}",
            turnpost::auth::tokens::random_id(10)
        ));
        let dir_text = dir.display().to_string();
        std::fs::create_dir_all(dir.join("queue")).unwrap();
        std::fs::create_dir_all(dir.join("data")).unwrap();
        let chown = Command::new("chown")
            .arg("postfix")
            .arg(dir.join("data"))
            .status()
            .unwrap();
        assert!(chown.success());
        let main_cf = format!(
            "compatibility_level = 3.6
queue_directory = {dir_text}/queue
data_directory = {dir_text}/data
maillog_file = {dir_text}/maillog
maillog_file_prefixes = {dir_text}
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.{domain}
mydomain = {domain}
myorigin = {domain}
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
smtpd_peername_lookup = no
smtp_dns_support_level = disabled
lmtp_dns_support_level = disabled
smtp_host_lookup = native
lmtp_host_lookup = native
alias_maps =
alias_database =
local_recipient_maps =
biff = no
smtputf8_enable = no
delay_warning_time = 0
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
# As docs/operations.md gives it: the site's domain (reply addresses and the return path,
# each with its + extension) to turnpost mail-inbound by LMTP.
recipient_delimiter = +
relay_domains = {domain}
transport_maps = inline:{{ {{ {domain} = lmtp:inet:{inbound} }} }}
default_transport = smtp:[{ip}]:{outside_port}
relay_transport = $default_transport
",
            ip = outside.ip(),
            outside_port = outside.port(),
        );
        std::fs::write(dir.join("main.cf"), main_cf).unwrap();
        let master_cf = format!("127.0.0.1:{port} inet n - n - - smtpd\n{MASTER_CF}");
        std::fs::write(dir.join("master.cf"), master_cf).unwrap();
        let postfix = Postfix {
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            dir,
        };
        let started = Command::new("postfix")
            .arg("-c")
            .arg(&postfix.dir)
            .arg("start")
            .output()
            .expect("Postfix is installed (scripts/install-test-deps)");
        assert!(
            started.status.success(),
            "Postfix did not start: {}",
            postfix.log()
        );
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(postfix.addr).is_err() {
            assert!(
                Instant::now() < deadline,
                "Postfix never listened: {}",
                postfix.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        postfix
    }

    /// What Postfix logged, without its start-up script's warnings about the folder's owner.
    pub fn log(&self) -> String {
        let log = std::fs::read_to_string(self.dir.join("maillog")).unwrap_or_default();
        (log.lines())
            .filter(|line| !line.contains("postfix-script"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Drop for Postfix {
    fn drop(&mut self) {
        let _ = Command::new("postfix")
            .arg("-c")
            .arg(&self.dir)
            .arg("abort")
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

//! Who may talk to the board: only pages it served itself. A request whose
//! `Host` is not the board's own address (DNS rebinding) or whose `Origin`
//! is another site (a cross-site request) is refused.

/// The names the board answers to on its port.
const OWN_HOSTS: [&str; 2] = ["127.0.0.1", "localhost"];

/// Checks the `Host` and `Origin` headers of a request to the board on
/// `port`; the error says what was refused.
pub fn check(host: Option<&str>, origin: Option<&str>, port: u16) -> Result<(), String> {
    let host = host.ok_or("refused: the request has no Host header")?;
    if !is_own_host(host, port) {
        return Err(format!(
            "refused: Host '{host}' is not this board's (127.0.0.1:{port})"
        ));
    }
    if let Some(origin) = origin {
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|rest| is_own_host(rest, port));
        if !own {
            return Err(format!(
                "refused: Origin '{origin}' is not this board's (http://127.0.0.1:{port})"
            ));
        }
    }
    Ok(())
}

fn is_own_host(text: &str, port: u16) -> bool {
    let Some((name, given_port)) = text.rsplit_once(':') else {
        return false;
    };
    given_port == port.to_string() && OWN_HOSTS.iter().any(|h| h.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_host_and_origin_only() {
        assert!(check(Some("127.0.0.1:8080"), None, 8080).is_ok());
        assert!(check(Some("localhost:8080"), Some("http://localhost:8080"), 8080).is_ok());
        assert!(check(Some("LOCALHOST:8080"), Some("http://127.0.0.1:8080"), 8080).is_ok());
        for (host, origin) in [
            (None, None),
            (Some("127.0.0.1:8081"), None),
            (Some("127.0.0.1"), None),
            (Some("evil.example:8080"), None),
            (Some("127.0.0.1.evil.example:8080"), None),
            (Some("127.0.0.1:8080"), Some("http://evil.example:8080")),
            (Some("127.0.0.1:8080"), Some("null")),
            (Some("127.0.0.1:8080"), Some("https://127.0.0.1:8080")),
            (Some("127.0.0.1:8080"), Some("http://127.0.0.1:80")),
        ] {
            assert!(check(host, origin, 8080).is_err(), "{host:?} {origin:?}");
        }
    }
}

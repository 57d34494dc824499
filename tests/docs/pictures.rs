//! The guide's pictures are drawn by `ludus render`, not by hand: each SVG
//! under docs/src/pictures/ is listed in docs/pictures.json with the
//! arguments that draw it, and must be exactly what `ludus render` draws
//! today. `LUDUS_PICTURES=overwrite cargo test --release --test docs`
//! draws them again after a change to the drawings.

use std::collections::BTreeMap;
use std::process::Command;

use super::LUDUS;
use crate::common::docs::root;

#[test]
fn the_guides_pictures_are_what_ludus_render_draws() {
    let listed = std::fs::read_to_string(root().join("docs/pictures.json")).unwrap();
    let listed: BTreeMap<String, Vec<String>> =
        serde_json::from_str(&listed).expect("docs/pictures.json: file name -> arguments");
    let folder = root().join("docs/src/pictures");
    let overwrite = std::env::var("LUDUS_PICTURES").is_ok_and(|v| v == "overwrite");
    for (name, args) in &listed {
        let output = Command::new(LUDUS)
            .arg("render")
            .args(args)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let path = folder.join(name);
        if overwrite {
            std::fs::write(&path, &output.stdout).unwrap();
        }
        let kept = std::fs::read(&path).unwrap_or_default();
        assert!(
            kept == output.stdout,
            "docs/src/pictures/{name} is not what `ludus render {}` draws: \
             LUDUS_PICTURES=overwrite cargo test --release --test docs draws it again",
            args.join(" ")
        );
    }
    for entry in std::fs::read_dir(&folder).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            listed.contains_key(&file),
            "docs/src/pictures/{file} is not in docs/pictures.json"
        );
    }
}

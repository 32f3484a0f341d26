//! The `sudoku` command line: its output contract and its errors.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use sudoku_core::Grid;
use sudoku_test_support::{data_dir, obeys_rules};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary runs");
    let mut stdin_pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || stdin_pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn solve_answers_every_line_in_order() {
    let multi = std::fs::read_to_string(data_dir().join("serg_multi_solution.txt")).expect("data");
    let multi = multi.lines().next().unwrap();
    let unique =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let no_solution = format!("{:.<81}", "12345678.........9");
    let mut bad_char = unique.to_string();
    bad_char.replace_range(16..17, "x");
    let mut repeat = ".".repeat(81);
    repeat.replace_range(19..20, "5");
    repeat.replace_range(25..26, "5");
    let input = format!(
        "{unique}\n{multi}\n{no_solution}\nhello\n{unique},ignored,columns\n{bad_char}\n{}\n\
         {repeat}\n\n{unique}\r\n{unique}",
        &unique[..80]
    );
    let output = run(&["solve"], &input);
    assert!(!output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let solution = Grid::parse_line(lines[0]).unwrap();
    assert!(obeys_rules(&solution));
    assert_eq!(
        lines[1..],
        [
            "error: more than one solution",
            "error: no solution",
            "error: unexpected character 'h' at column 1",
            lines[0],
            "error: unexpected character 'x' at column 17",
            "error: found 80 cells, need 81",
            "error: two 5s in row 3: r3c2 and r3c8",
            "error: found 0 cells, need 81",
            lines[0],
            lines[0],
        ]
    );
}

#[test]
fn solve_and_rate_answer_the_same_on_one_thread_and_on_several() {
    let mut input = std::fs::read_to_string(data_dir().join("magictour_top1465.csv")).unwrap();
    input.truncate(input.len() / 4);
    // Errors among the puzzles, and a line longer than one read of the input.
    input.insert_str(
        input.len() / 2,
        &format!("nonsense\n\n{}\n", "1".repeat(1_500_000)),
    );
    for command in ["solve", "rate"] {
        let one = run(&["--threads", "1", command], &input);
        let two = run(&[command, "--threads", "2"], &input);
        assert_eq!(stdout(&one), stdout(&two), "{command}");
        assert_eq!(stdout(&one).lines().count(), input.lines().count());
        assert!(stdout(&one).contains("\nerror: found 1500000 cells, need 81\n"));
        assert_eq!(one.status.code(), Some(1));
    }
    let few: String = input
        .lines()
        .take(40)
        .map(|l| format!("{l}\nnonsense\n"))
        .collect();
    // The last of the 80 puzzles is a `nonsense` line.
    for (args, last) in [
        (&["steps"][..], "puzzle 80: error: "),
        (&["steps", "--json"], r#"{"puzzle":80,"error":"#),
    ] {
        let one = run(&[&["--threads", "1"], args].concat(), &few);
        let two = run(&[&["--threads", "2"], args].concat(), &few);
        assert_eq!(stdout(&one), stdout(&two), "{args:?}");
        assert!(stdout(&one).contains(last), "{args:?}");
    }
}

/// A line written to a pipe that stays open is answered before the next one is sent.
#[test]
fn solve_and_rate_answer_each_line_as_it_comes() {
    let puzzles: Vec<String> = sudoku_test_support::read_data("unbiased_1000.csv")
        .lines()
        .take(3)
        .map(String::from)
        .collect();
    for command in ["solve", "rate"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (sender, answers) = mpsc::channel();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let reader = std::thread::spawn(move || {
            for line in stdout.lines() {
                sender.send(line.unwrap()).unwrap();
            }
        });
        for puzzle in &puzzles {
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            let answer = answers
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("{command}: no answer while the input stays open"));
            match command {
                "solve" => assert_eq!(Some(answer.as_str()), puzzle.split(',').nth(1)),
                _ => assert!(!answer.starts_with("error"), "{answer}"),
            }
        }
        drop(stdin);
        assert!(child.wait().unwrap().success());
        reader.join().unwrap();
        assert!(answers.try_recv().is_err(), "one answer per line");
    }
}

#[test]
fn solve_streams_a_large_file() {
    let path = data_dir().join("17_clue.csv");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("solve")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    let expected = std::fs::read_to_string(&path).unwrap();
    let mut count = 0;
    for (got, line) in text.lines().zip(expected.lines()) {
        assert_eq!(Some(got), line.split(',').nth(1));
        count += 1;
    }
    assert_eq!(count, expected.lines().count());
    assert_eq!(text.lines().count(), count);
}

#[test]
fn generate_is_reproducible_and_unique() {
    let first = run(&["generate", "--count", "5", "--seed", "9"], "");
    let again = run(&["generate", "--count", "5", "--seed", "9"], "");
    assert!(first.status.success());
    assert_eq!(stdout(&first), stdout(&again));
    let text = stdout(&first);
    assert_eq!(text.lines().count(), 5);
    for line in text.lines() {
        assert_eq!(line.len(), 81);
        assert!(
            line.chars()
                .all(|c| c == '.' || c.is_ascii_digit() && c != '0')
        );
        assert_eq!(Grid::parse_line(line).unwrap().count_solutions(2), 1);
    }
    for args in [
        &["generate", "--seed", "1"][..],
        &["generate", "--symmetric", "--seed", "1"],
    ] {
        let line = stdout(&run(args, ""));
        let line = line.trim().as_bytes();
        assert!(
            (0..81).all(|i| (line[i] == b'.') == (line[80 - i] == b'.')),
            "{args:?}"
        );
    }
    let any = stdout(&run(
        &["generate", "--asymmetric", "--count", "20", "--seed", "1"],
        "",
    ));
    assert!(
        any.lines().any(|line| {
            let line = line.as_bytes();
            (0..81).any(|i| (line[i] == b'.') != (line[80 - i] == b'.'))
        }),
        "some of 20 free patterns are not symmetric"
    );
}

#[test]
fn bad_arguments_give_a_message() {
    for args in [
        &["generate", "--count", "many"][..],
        &["frobnicate"],
        &["solve", "/no/such/file"],
    ] {
        let output = run(args, "");
        assert!(!output.status.success(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            !message.is_empty() && !message.contains("panicked"),
            "{args:?}: {message}"
        );
    }
    let help = run(&["solve", "--help"], "");
    assert!(stdout(&help).contains("Usage"));
}

#[test]
fn steps_json_gives_each_step_then_the_outcome_per_puzzle() {
    let unique =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let solution = Grid::parse_line(&stdout(&run(&["solve"], unique))).unwrap();
    let input = format!("{unique}\nnot a puzzle\n\n{unique},with,columns\n");
    let output = run(&["steps", "--json"], &input);
    let text = stdout(&output);
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let of = |n: u64| records.iter().filter(move |r| r["puzzle"] == n);
    // Puzzle 1: steps that agree with the solution, then solved.
    let steps: Vec<_> = of(1).filter(|r| r.get("technique").is_some()).collect();
    assert!(steps.len() > 10);
    for step in &steps {
        assert!(step["text"].as_str().is_some_and(|t| !t.is_empty()));
        for p in step["placements"].as_array().unwrap() {
            let cell = p["cell"].as_str().unwrap();
            let (r, c) = (cell.as_bytes()[1] - b'1', cell.as_bytes()[3] - b'1');
            let digit = solution.get(sudoku_core::Cell::at(r, c)).unwrap().get();
            assert_eq!(p["digit"].as_u64(), Some(digit as u64), "{step}");
        }
        assert!(step["eliminations"].is_array());
    }
    assert_eq!(
        of(1).next_back().unwrap(),
        &serde_json::json!({"puzzle": 1, "solved": true})
    );
    // Puzzle 2 is not a puzzle; the blank line is not counted; puzzle 3 is the first again.
    let errors: Vec<_> = of(2).collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["error"], "unexpected character 'n' at column 1");
    assert_eq!(of(3).count(), of(1).count());
    assert!(
        !output.status.success(),
        "an invalid puzzle makes the exit status non-zero"
    );
}

#[test]
fn steps_reads_a_sud_file_and_refuses_puzzles_without_one_solution() {
    let sud = std::fs::read_dir(data_dir().join("sud"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "sud"))
        .expect("a .sud file");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("steps")
        .arg(&sud)
        .output()
        .unwrap();
    let text = stdout(&output);
    assert!(text.starts_with("puzzle 1: "), "{text}");
    assert!(text.contains("Single: r"), "{text}");
    let multi = std::fs::read_to_string(data_dir().join("serg_multi_solution.txt")).unwrap();
    let output = run(&["steps", "--json"], multi.lines().next().unwrap());
    assert_eq!(
        stdout(&output).trim(),
        r#"{"puzzle":1,"error":"more than one solution"}"#
    );
}

#[test]
fn rate_prints_er_ep_ed_the_level_and_the_technique_per_line() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    // Published with SE ratings 7.1 and 8.9 (se_rated_hard_a.csv).
    let chain = "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..";
    let dynamic =
        "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4";
    let hardest =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let input = format!("{easy}\nnonsense\n{chain}\n{dynamic},8.9\n{hardest}\n");
    let output = run(&["rate"], &input);
    assert!(!output.status.success(), "a line failed");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    let fields: Vec<&str> = lines[0].splitn(5, ' ').collect();
    let numbers: Vec<f32> = fields[..3]
        .iter()
        .map(|f| f.parse().expect("a number"))
        .collect();
    assert!(numbers[0] <= 2.5 && numbers[1] <= numbers[0] && numbers[2] <= numbers[1]);
    assert_eq!(fields[3], "easy", "{}", lines[0]);
    assert!(!fields[4].is_empty());
    assert_eq!(lines[1], "error: unexpected character 'n' at column 1");
    assert_eq!(lines[2], "7.1 1.2 1.2 expert Forcing Chain");
    assert_eq!(
        lines[3],
        "8.9 1.2 1.2 extreme Dynamic Region Forcing Chains"
    );
    assert!(
        lines[4].starts_with("20.0 ") && lines[4].contains(" beyond "),
        "{}",
        lines[4]
    );
    // Classic SE, without the fork's strong links, needs a longer chain.
    let classic = stdout(&run(&["rate", "--method", "se"], &format!("{chain}\n")));
    assert_eq!(classic.trim(), "7.2 1.2 1.2 expert Forcing Chain");
}

#[test]
fn generate_by_level_gives_puzzles_of_that_level() {
    for level in ["easy", "medium", "hard", "expert", "extreme"] {
        let output = run(
            &["generate", "--level", level, "--count", "2", "--seed", "3"],
            "",
        );
        assert!(output.status.success(), "{level}");
        let puzzles = stdout(&output);
        assert_eq!(puzzles.lines().count(), 2);
        let rated = stdout(&run(&["rate"], &puzzles));
        for (puzzle, rating) in puzzles.lines().zip(rated.lines()) {
            assert_eq!(rating.split(' ').nth(3), Some(level), "{puzzle}: {rating}");
            let line = puzzle.as_bytes();
            assert!(
                (0..81).all(|i| (line[i] == b'.') == (line[80 - i] == b'.')),
                "symmetric"
            );
        }
        let again = run(
            &["generate", "--level", level, "--count", "2", "--seed", "3"],
            "",
        );
        assert_eq!(stdout(&again), puzzles, "the seed gives the same puzzles");
    }
    let refused = run(&["generate", "--level", "fiendish"], "");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("unknown level 'fiendish'"));
}

#[test]
fn techniques_lists_the_registry_simplest_first() {
    let text = stdout(&run(&["techniques"], ""));
    let headings: Vec<(f32, &str)> = text
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| {
            let (rating, name) = l.split_once(' ').unwrap();
            (rating.parse().unwrap(), name)
        })
        .collect();
    assert_eq!(headings.len(), sudoku_core::REGISTRY.len());
    assert!(headings.windows(2).all(|w| w[0].0 <= w[1].0), "{text}");
    assert_eq!(headings[0].1, "Full House");
    let about = text.lines().filter(|l| l.starts_with("    ")).count();
    assert_eq!(about, headings.len(), "one paragraph per technique");
}

/// Today's date in the local time zone, computed as `sudoku daily` does.
fn local_today() -> sudoku_core::Date {
    let today = jiff::ZonedDateTime::now().date();
    sudoku_core::Date::new(today.year() as u16, today.month() as u8, today.day() as u8).unwrap()
}

#[test]
fn daily_prints_the_core_puzzle_of_the_date_and_its_level() {
    // A Thursday, then a Sunday.
    for (date, level) in [("2026-11-26", "hard"), ("2026-11-29", "extreme")] {
        let output = run(&["daily", date], "");
        assert!(output.status.success(), "{date}");
        let text = stdout(&output);
        let (line, word) = text
            .strip_suffix('\n')
            .and_then(|text| text.split_once(' '))
            .expect("one line: puzzle and level");
        let (puzzle, _) = sudoku_core::daily_puzzle(date.parse().unwrap());
        assert_eq!(line, puzzle.to_line(), "{date}");
        assert_eq!(word, level, "{date}");
        assert_eq!(Grid::parse_line(line).unwrap().count_solutions(2), 1);
        assert_eq!(
            stdout(&run(&["daily", date], "")),
            text,
            "the same every time"
        );
    }
}

#[test]
fn daily_refuses_a_date_not_in_the_form_yyyy_mm_dd() {
    for date in ["2026-13-01", "2026-02-29", "26-11-26", "tomorrow", ""] {
        let output = run(&["daily", date], "");
        assert_eq!(output.status.code(), Some(2), "{date}");
        assert!(stdout(&output).is_empty());
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains(&format!("not a date (YYYY-MM-DD): \"{date}\"")),
            "{message}"
        );
    }
}

#[test]
fn daily_without_a_date_prints_today_s_puzzle() {
    let before = local_today();
    let output = run(&["daily"], "");
    let after = local_today();
    assert!(output.status.success());
    let text = stdout(&output);
    // The run may cross midnight: either day's line will do.
    let expected = |date| {
        let (puzzle, _) = sudoku_core::daily_puzzle(date);
        format!(
            "{} {}\n",
            puzzle.to_line(),
            sudoku_core::daily_level(date).key()
        )
    };
    assert!(
        text == expected(before) || text == expected(after),
        "{before}: {text}"
    );
}

#[test]
fn solve_reads_variant_puzzles_as_fpuzzles_json_links_and_payloads() {
    use sudoku_core::variant::{Puzzle, Rules, Variant, fpuzzles};
    // A Killer with no givens, whose cages were cut from this classic puzzle's solution.
    let classic =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let answer: String = Grid::parse_line(classic)
        .unwrap()
        .solve()
        .unwrap()
        .to_string();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/puzzles/killer.json");
    let json = std::fs::read_to_string(path).unwrap();
    let json = json.trim();
    let killer = fpuzzles::read(json).unwrap();
    assert!(killer.givens.iter().all(|&given| given == 0));
    let payload = fpuzzles::to_payload(&killer);
    // The solution rises from r1c1 to r1c2 (4, 8) and falls from r1c2 to r1c3 (8, 3).
    let thermometer = json.replacen('{', r#"{"thermometer":[{"lines":[["R1C1","R1C2"]]}],"#, 1);
    let broken = json.replacen('{', r#"{"thermometer":[{"lines":[["R1C2","R1C3"]]}],"#, 1);
    let zipper = json.replacen('{', r#"{"zipperline":[{"lines":[["R1C1","R1C2"]]}],"#, 1);
    let mut repeat = [0; 81];
    (repeat[0], repeat[40]) = (5, 5);
    let repeat = fpuzzles::to_json(&Puzzle::new(repeat, Rules::of(Variant::X)));
    // Givens that fall along a thermometer, and a V over a 5.
    let mut falling = [0; 81];
    (falling[0], falling[1], falling[13]) = (5, 3, 5);
    let falling = fpuzzles::to_json(&Puzzle::new(falling, Rules::classic()));
    let five = falling.replacen('{', r#"{"xv":[{"cells":["R2C4","R2C5"],"value":"V"}],"#, 1);
    let falling = falling.replacen('{', r#"{"thermometer":[{"lines":[["R1C1","R1C2"]]}],"#, 1);
    let input = format!(
        "{json}\nhttps://www.f-puzzles.com/?load={payload}\n{payload}\n\
         https://sudokupad.app/fpuzzles{}\n{thermometer}\n{broken}\n{zipper}\n{{\"size\":9}}\n\
         N4IgA\n{repeat}\n{falling}\n{five}\n",
        payload.replace('+', "%2B")
    );
    let output = run(&["solve"], &input);
    assert!(!output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            answer.as_str(),
            &answer,
            &answer,
            &answer,
            &answer,
            "error: no solution",
            "error: cannot solve: zipperline",
            "error: not f-puzzles JSON: missing field `grid`",
            "error: not an f-puzzles or SudokuPad link or payload",
            "error: two 5s in the diagonal from top left: r1c1 and r5c5",
            "error: r1c1: digits increase along a thermometer from its bulb",
            "error: r2c4: the digits on either side of a V add up to 5",
        ]
    );
}

#[test]
fn generate_variant_prints_fpuzzles_json_with_one_solution() {
    use sudoku_core::variant::{Variant, fpuzzles};
    for (name, variant) in [
        ("killer", Variant::Killer),
        ("x", Variant::X),
        ("windoku", Variant::Windoku),
        ("jigsaw", Variant::Jigsaw),
        ("killer-x", Variant::KillerX),
        ("thermo", Variant::Thermo),
        ("arrow", Variant::Arrow),
        ("kropki", Variant::Kropki),
        ("xv", Variant::Xv),
        ("little-killer", Variant::LittleKiller),
        ("anti-knight", Variant::AntiKnight),
    ] {
        let args = ["generate", "--variant", name, "--count", "2", "--seed", "5"];
        let output = run(&args, "");
        assert!(output.status.success(), "{name}");
        let text = stdout(&output);
        assert_eq!(
            stdout(&run(&args, "")),
            text,
            "{name}: the same seed, the same puzzles"
        );
        assert_eq!(text.lines().count(), 2);
        for line in text.lines() {
            let puzzle = fpuzzles::read(line).unwrap();
            assert_eq!(puzzle.rules.variant(), Some(variant), "{name}");
            assert_eq!(puzzle.title.as_deref(), Some(variant.name()));
        }
        let solved = stdout(&run(&["solve"], &text));
        assert!(
            solved
                .lines()
                .all(|line| line.len() == 81 && !line.contains('0')),
            "{name}: {solved}"
        );
    }
    let refused = run(&["generate", "--variant", "checkers"], "");
    assert_eq!(refused.status.code(), Some(2));
    // A level: the puzzles are explained to the end by steps.
    let args = [
        "generate",
        "--variant",
        "jigsaw",
        "--level",
        "expert",
        "--count",
        "2",
    ];
    let text = stdout(&run(&args, ""));
    assert_eq!(text.lines().count(), 2);
    let explained = stdout(&run(&["steps"], &text));
    assert_eq!(explained.matches("\nsolved in ").count(), 2, "{explained}");
}

#[test]
fn steps_explains_variants_and_rate_refuses_them_by_name() {
    use sudoku_core::variant::{Puzzle, Rules, fpuzzles};
    let classic =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut givens = [0; 81];
    for (given, ch) in givens.iter_mut().zip(classic.bytes()) {
        *given = if ch == b'.' { 0 } else { ch - b'0' };
    }
    let json = fpuzzles::to_json(&Puzzle::new(givens, Rules::classic()));
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        fpuzzles::to_payload(&Puzzle::new(givens, Rules::classic()))
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/puzzles/killer.json");
    let killer = std::fs::read_to_string(path).unwrap();
    let killer = killer.trim();
    for command in ["steps", "rate"] {
        let expected = stdout(&run(&[command], &format!("{classic}\n")));
        for input in [&json, &link] {
            let output = run(&[command], &format!("{input}\n"));
            assert_eq!(stdout(&output), expected, "{command} {input}");
        }
    }
    // A Killer is explained to the end, each placement its solution's digit, each elimination
    // another digit.
    let solution = stdout(&run(&["solve"], &format!("{killer}\n")));
    let solution = solution.trim().as_bytes();
    let steps = stdout(&run(
        &["steps", "--json"],
        &format!("{killer}\n{classic}\n"),
    ));
    let records: Vec<serde_json::Value> = steps
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let killer_steps: Vec<&serde_json::Value> =
        records.iter().filter(|r| r["puzzle"] == 1).collect();
    assert_eq!(killer_steps.last().unwrap()["solved"], true, "{steps}");
    let cell_index = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    for record in &killer_steps[..killer_steps.len() - 1] {
        for (list, holds) in [("placements", true), ("eliminations", false)] {
            for candidate in record[list].as_array().unwrap() {
                let at = cell_index(candidate["cell"].as_str().unwrap());
                let digit = candidate["digit"].as_u64().unwrap() as u8;
                assert_eq!(solution[at] - b'0' == digit, holds, "{}", record["text"]);
            }
        }
    }
    // Each cage step names the cells it read, each cell of a cage with a sum, and the cage: its
    // f-puzzles key, the name the sentence gives it, and its cells.
    let cage_steps = killer_steps
        .iter()
        .filter(|r| r["technique"] == "Cage Combinations");
    let mut named = 0;
    for record in cage_steps {
        let cells = record["cells"].as_array().expect("the cells read");
        assert!(!cells.is_empty(), "{}", record["text"]);
        assert!(record["houses"].is_array());
        let [rule] = &record["rules"].as_array().expect("the rules read")[..] else {
            panic!("one cage: {record}");
        };
        assert_eq!(rule["key"], "killercage");
        let name = rule["name"].as_str().unwrap();
        assert!(name.starts_with("the cage at "), "{name}");
        assert!(record["text"].as_str().unwrap().contains(name), "{record}");
        // Its open cells are the ones read.
        assert!(
            rule["cells"]
                .as_array()
                .unwrap()
                .iter()
                .any(|cell| cells.contains(cell))
        );
        named += 1;
    }
    // A classic step reads no rule.
    assert!(
        (records
            .iter()
            .filter(|r| r["puzzle"] == 2 && r["technique"].is_string()))
        .all(|r| r["rules"] == serde_json::json!([]))
    );
    assert!(named > 0, "{steps}");
    assert!(
        records
            .iter()
            .any(|r| r["puzzle"] == 2 && r["solved"] == true)
    );
    let rated = stdout(&run(&["rate"], &format!("{killer}\n")));
    assert_eq!(rated, "error: cannot rate a Killer puzzle yet\n");
}

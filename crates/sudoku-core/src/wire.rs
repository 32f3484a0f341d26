//! How the core's values travel through serde (the browser app's worker messages and its save):
//! every value read back is checked, so a corrupt message or save is an error, never a cell 200.

use crate::cell::{Cell, Digit};
use crate::daily::Date;
use crate::grid::Grid;
use crate::house::House;
use crate::sets::{CellSet, DigitSet};
use crate::variant::{Cage, Constraint, Diagonal, ExtraRegion, Rules, RulesError};

/// A number read for a cell, a digit, a house, a set of digits or a date that names none.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{value} is not a {what}")]
pub struct OutOfRange {
    value: i64,
    what: &'static str,
}

fn checked<T>(
    value: impl Into<i64> + Copy,
    what: &'static str,
    made: Option<T>,
) -> Result<T, OutOfRange> {
    made.ok_or(OutOfRange {
        value: value.into(),
        what,
    })
}

impl TryFrom<u8> for Cell {
    type Error = OutOfRange;
    fn try_from(index: u8) -> Result<Cell, OutOfRange> {
        checked(index, "cell index", Cell::new(index))
    }
}

impl From<Cell> for u8 {
    fn from(cell: Cell) -> u8 {
        cell.index() as u8
    }
}

impl TryFrom<u8> for Digit {
    type Error = OutOfRange;
    fn try_from(value: u8) -> Result<Digit, OutOfRange> {
        checked(value, "digit", Digit::new(value))
    }
}

impl From<Digit> for u8 {
    fn from(digit: Digit) -> u8 {
        digit.get()
    }
}

/// Every id names a house: the classic 27, a jigsaw's regions, the diagonals, the windows and
/// extra regions (see [`House`]).
impl From<u8> for House {
    fn from(id: u8) -> House {
        House::from_id(id)
    }
}

impl From<House> for u8 {
    fn from(house: House) -> u8 {
        house.id() as u8
    }
}

impl TryFrom<u16> for DigitSet {
    type Error = OutOfRange;
    fn try_from(bits: u16) -> Result<DigitSet, OutOfRange> {
        let set = DigitSet::from_bits(bits);
        checked(bits, "set of digits", (set.bits() == bits).then_some(set))
    }
}

impl From<DigitSet> for u16 {
    fn from(set: DigitSet) -> u16 {
        set.bits()
    }
}

/// A date travels as its day number: one small integer, in calendar order.
impl TryFrom<i32> for Date {
    type Error = OutOfRange;
    fn try_from(day_number: i32) -> Result<Date, OutOfRange> {
        checked(
            day_number,
            "date's day number",
            Date::from_day_number(day_number.into()),
        )
    }
}

impl From<Date> for i32 {
    fn from(date: Date) -> i32 {
        // Day numbers of dates from year 1 to 9999 lie within ±3,000,000.
        date.day_number() as i32
    }
}

/// A set of cells travels as its cells' indices: readable in a text format, and free of 128-bit
/// numbers, which not every format carries.
impl TryFrom<Vec<Cell>> for CellSet {
    type Error = OutOfRange;
    fn try_from(cells: Vec<Cell>) -> Result<CellSet, OutOfRange> {
        Ok(cells.into_iter().collect())
    }
}

impl From<CellSet> for Vec<Cell> {
    fn from(set: CellSet) -> Vec<Cell> {
        set.iter().collect()
    }
}

/// A grid as two lines of 81 characters, digits and `.`: the givens, and the entries.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct GridLines {
    givens: String,
    entries: String,
}

/// A line of a [`GridLines`] that is not 81 digits and dots, or entries over givens.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadGrid {
    #[error("a grid line has {0} characters, not 81")]
    Length(usize),
    #[error("a grid line holds {0:?}, not a digit or '.'")]
    Character(char),
    #[error("an entry lies on a given at {0}")]
    EntryOnGiven(Cell),
}

fn line(grid: &Grid, given: bool) -> String {
    Cell::all()
        .map(|cell| match grid.get(cell) {
            Some(digit) if grid.is_given(cell) == given => char::from(b'0' + digit.get()),
            _ => '.',
        })
        .collect()
}

fn digits(line: &str) -> Result<Vec<Option<Digit>>, BadGrid> {
    let digits = line
        .chars()
        .map(|c| match c {
            '.' => Ok(None),
            _ => c
                .to_digit(10)
                .and_then(|value| Digit::new(value as u8))
                .map(Some)
                .ok_or(BadGrid::Character(c)),
        })
        .collect::<Result<Vec<_>, _>>()?;
    match digits.len() {
        Cell::COUNT => Ok(digits),
        length => Err(BadGrid::Length(length)),
    }
}

impl From<Grid> for GridLines {
    fn from(grid: Grid) -> GridLines {
        GridLines {
            givens: line(&grid, true),
            entries: line(&grid, false),
        }
    }
}

impl TryFrom<GridLines> for Grid {
    type Error = BadGrid;
    fn try_from(lines: GridLines) -> Result<Grid, BadGrid> {
        let givens = digits(&lines.givens)?;
        let entries = digits(&lines.entries)?;
        let mut grid = Grid::from_givens(std::array::from_fn(|i| givens[i]));
        for (cell, entry) in Cell::all().zip(entries) {
            if entry.is_some() && !grid.set_entry(cell, entry) {
                return Err(BadGrid::EntryOnGiven(cell));
            }
        }
        Ok(grid)
    }
}

/// A puzzle's rules as they travel: each cell's region and the constraints, each constraint as
/// its kind's number in the registry (see [`crate::variant::rules`]) and its fields. Read back
/// through the same checks as a puzzle read from a file.
///
/// An enum of one form so far: its tag, 0, comes first and tells this form from the one before
/// it ([`RulesBefore`]), which starts with the count of its regions, 81.
#[derive(serde::Serialize, serde::Deserialize)]
pub enum RulesForm {
    Listed {
        regions: Vec<u8>,
        constraints: Vec<Constraint>,
    },
}

/// Rules that are not rules: regions of other sizes or numbers, cages or extra regions of no cell.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadRules {
    #[error("{0} regions given, not 81")]
    Regions(usize),
    #[error("region {0} is not 0 to 8")]
    Region(u8),
    #[error("{0}")]
    Rules(#[from] RulesError),
}

impl From<Rules> for RulesForm {
    fn from(rules: Rules) -> RulesForm {
        RulesForm::Listed {
            regions: rules.regions().to_vec(),
            constraints: rules.constraints().to_vec(),
        }
    }
}

impl TryFrom<RulesForm> for Rules {
    type Error = BadRules;
    fn try_from(form: RulesForm) -> Result<Rules, BadRules> {
        let RulesForm::Listed {
            regions,
            constraints,
        } = form;
        Ok(with_regions(regions)?.with(constraints)?)
    }
}

/// The rules under `regions`, read as a vector of 81.
fn with_regions(regions: Vec<u8>) -> Result<Rules, BadRules> {
    let count = regions.len();
    let regions: [u8; Cell::COUNT] = regions.try_into().map_err(|_| BadRules::Regions(count))?;
    if let Some(&region) = regions.iter().find(|&&region| region > 8) {
        return Err(BadRules::Region(region));
    }
    Ok(Rules::classic().with_regions(regions)?)
}

/// The form rules travelled in before [`RulesForm`], kept to read the saves that hold it: each
/// cell's region, the diagonals, the extra regions and the cages, each cage as its cells and its
/// sum (0 for none).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct RulesBefore {
    regions: Vec<u8>,
    falling: bool,
    rising: bool,
    extra_regions: Vec<CellSet>,
    cages: Vec<(CellSet, u8)>,
}

impl TryFrom<RulesBefore> for Rules {
    type Error = BadRules;
    fn try_from(parts: RulesBefore) -> Result<Rules, BadRules> {
        let diagonals = [
            (parts.falling, Diagonal::Falling),
            (parts.rising, Diagonal::Rising),
        ];
        let diagonals = diagonals.into_iter().filter(|&(on, _)| on);
        let extra_regions = parts
            .extra_regions
            .into_iter()
            .map(|cells| ExtraRegion { cells });
        let cages = parts.cages.into_iter().map(|(cells, sum)| Cage {
            cells,
            sum: (sum != 0).then_some(sum),
        });
        Ok(with_regions(parts.regions)?
            .with(diagonals.map(|(_, diagonal)| diagonal))?
            .with(extra_regions)?
            .with(cages)?)
    }
}

#[cfg(test)]
mod tests {
    use crate::cell::Candidate;
    use crate::daily::Date;
    use crate::grid::Grid;
    use crate::house::House;
    use crate::sets::{CellSet, DigitSet};
    use crate::step::{Inference, Link, Node, Step};
    use crate::{Cell, Digit};

    fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
        serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
    }

    #[test]
    fn a_grid_keeps_givens_and_entries_apart() {
        let mut grid = Grid::parse_line(&format!("1.3{}", ".".repeat(78))).unwrap();
        grid.set_entry(Cell::at(8, 8), Digit::new(9));
        let back = round_trip(&grid);
        assert_eq!(back, grid);
        assert_eq!(back.givens(), grid.givens());
    }

    #[test]
    fn a_step_travels_whole() {
        let cell = Cell::at(2, 4);
        let seven = Digit::new(7).unwrap();
        let mut step = Step::new("Hidden Single").place(cell, seven);
        step.pattern.push(Candidate::new(cell, seven));
        step.houses.push(House::box_at(1));
        step.links.push(Link {
            from: Node::single(cell, seven),
            to: Node {
                cells: CellSet::single(Cell::at(2, 5)) | CellSet::single(Cell::at(2, 6)),
                digit: seven,
            },
            inference: Inference::Weak,
        });
        step.text = "Hidden Single: r3c5=7".into();
        assert_eq!(round_trip(&step), step);
        assert_eq!(round_trip(&DigitSet::ALL), DigitSet::ALL);
    }

    #[test]
    fn a_date_travels_as_its_day_number() {
        let date = Date::new(2026, 11, 26).unwrap();
        assert_eq!(serde_json::to_string(&date).unwrap(), "20783");
        for date in [date, Date::MIN, Date::MAX] {
            assert_eq!(round_trip(&date), date);
        }
    }

    #[test]
    fn rules_travel_whole_and_are_checked_when_read() {
        use crate::variant::{Rules, Variant, generate::generate_variant};
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        for variant in Variant::ALL {
            let rules = generate_variant(variant, &mut rng).rules;
            assert_eq!(round_trip(&rules), rules);
        }
        let mut form = serde_json::to_value(Rules::classic()).unwrap();
        form["Listed"]["regions"][0] = 1.into();
        let error = serde_json::from_value::<Rules>(form).unwrap_err();
        assert_eq!(error.to_string(), "region 1 has 8 cells, need 9");
        let mut form = serde_json::to_value(Rules::classic()).unwrap();
        form["Listed"]["constraints"] = serde_json::json!([{"Cage": {"cells": [], "sum": 5}}]);
        assert!(serde_json::from_value::<Rules>(form).is_err());
    }

    #[test]
    fn values_out_of_range_are_refused() {
        assert!(serde_json::from_str::<Cell>("81").is_err());
        assert!(serde_json::from_str::<Digit>("0").is_err());
        assert_eq!(
            serde_json::from_str::<House>("37").unwrap(),
            House::RISING_DIAGONAL
        );
        assert!(serde_json::from_str::<House>("256").is_err());
        assert!(serde_json::from_str::<DigitSet>("1").is_err());
        assert!(serde_json::from_str::<CellSet>("[3, 99]").is_err());
        assert!(serde_json::from_str::<Date>("-719163").is_err());
        assert!(serde_json::from_str::<Date>("2932897").is_err());
        let dots = ".".repeat(81);
        let short = format!(r#"{{"givens":"{}","entries":"{dots}"}}"#, ".".repeat(80));
        assert!(serde_json::from_str::<Grid>(&short).is_err());
        let bad = format!(r#"{{"givens":"x{}","entries":"{dots}"}}"#, ".".repeat(80));
        assert!(serde_json::from_str::<Grid>(&bad).is_err());
        let on_given = format!(r#"{{"givens":"1{0}","entries":"2{0}"}}"#, ".".repeat(80));
        assert!(serde_json::from_str::<Grid>(&on_given).is_err());
    }
}

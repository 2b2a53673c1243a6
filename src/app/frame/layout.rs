//! Layout helpers: controls that wrap cleanly in a narrow window, and number fields.

/// Adds `add` as one unit of a wrapping row (`ui.horizontal_wrapped`): the unit moves
/// to the next row when the width it took last frame does not fit in what is left of
/// this one. egui wraps single widgets but lays a nested group out on the current row
/// whatever its width, which cuts off a label-and-field pair at the window's edge and
/// widens the panel for everything below it.
pub fn wrap_unit<R>(
    ui: &mut egui::Ui,
    id: &'static str,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = ui.scope_id().with(("wrap_unit", id));
    let last: f32 = ui.data(|d| d.get_temp(id)).unwrap_or(0.0);
    let row_start = ui.min_rect().left() + 1.0;
    if last > ui.available_size_before_wrap().x && ui.cursor().left() > row_start {
        ui.end_row();
    }
    let response = ui.horizontal(add);
    let width = response.response.rect.width();
    ui.data_mut(|d| d.insert_temp(id, width));
    response.inner
}

/// A number field that takes its value when editing ends: typed digits are applied on
/// Enter or when the field loses focus (a drag applies as it goes), so a value is
/// clamped once, with what was typed, and a typed value is one undo step. Every number
/// a person types in the app is one of these.
pub fn number<N: egui::emath::Numeric>(value: &mut N) -> egui::DragValue<'_> {
    egui::DragValue::new(value).update_while_editing(false)
}

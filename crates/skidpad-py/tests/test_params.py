"""Vehicles from names, files and dicts; errors carry file, line, key and field paths."""

import pickle

import pytest

import skidpad


def test_every_built_in_round_trips_through_its_dict_bit_for_bit():
    names = skidpad.vehicle_names()
    assert names[0] == "sedan" and len(names) == 9
    for name in names:
        p = skidpad.VehicleParams.preset(name)
        # f64 values cross as floats, never as decimal text: the dict gives the same params.
        assert skidpad.VehicleParams.from_dict(p.to_dict()) == p, name
        assert skidpad.load_vehicle(name) == p


def test_preset_numbers_are_the_files():
    p = skidpad.VehicleParams.preset("sedan")
    assert p.mass == 1500.0  # sedan.toml: "A mid-size rear-driven sedan, 1500 kg."
    assert p.n_wheels == 4
    assert p.telemetry_columns()[0] == "t_s"


def test_unknown_name_lists_the_built_ins():
    with pytest.raises(skidpad.ConfigError) as e:
        skidpad.VehicleParams.preset("sedna")
    assert "hatch-fwd" in str(e.value) and e.value.key == "vehicle"
    assert isinstance(e.value, ValueError)


def test_toml_error_carries_file_line_and_key(repo_root, tmp_path):
    text = (repo_root / "crates/skidpad-cli/vehicles/kart.toml").read_text()
    lines = text.splitlines()
    # The first `mass = ` line after [chassis] is the chassis mass.
    start = lines.index("[chassis]")
    i = next(k for k in range(start, len(lines)) if lines[k].startswith("mass"))
    lines[i] = "mass = -80.0"
    path = tmp_path / "bad-kart.toml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(skidpad.ConfigError) as e:
        skidpad.VehicleParams.from_toml(str(path))
    assert e.value.file == str(path)
    assert e.value.line == i + 1
    assert e.value.key == "chassis.mass"
    assert "-80" in e.value.message


def test_toml_syntax_error_line(tmp_path):
    with pytest.raises(skidpad.ConfigError) as e:
        skidpad.VehicleParams.from_toml_str('name = "x"\n[chassis\n', "broken.toml")
    assert e.value.file == "broken.toml" and e.value.line == 2


def test_param_error_names_the_field_path():
    d = skidpad.VehicleParams.preset("sedan").to_dict()
    d["wheels"][2]["suspension"]["spring_rate"] = -1.0
    with pytest.raises(skidpad.ParamError) as e:
        skidpad.VehicleParams.from_dict(d)
    assert e.value.path == "wheels[2].suspension.spring_rate"
    assert e.value.rule == "must be finite and > 0 (got -1)"


def test_pickle_keeps_the_params():
    p = skidpad.VehicleParams.preset("rally-4wd")
    assert pickle.loads(pickle.dumps(p)) == p

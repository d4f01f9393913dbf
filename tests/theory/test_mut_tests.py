"""Two-sample tests: errors name the arm and the argument (issue 33, mutants of _tests.py)."""

import pytest

from theory.inference import mcnemar, retention_ratio, two_proportion_z


def test_count_errors_name_their_own_arguments():
    with pytest.raises(
        ValueError, match=r"arm 1: k1=5 must satisfy 0 <= k1 <= n1 \(n1=3\)"
    ):
        two_proportion_z(5, 3, 1, 4)
    with pytest.raises(
        ValueError, match=r"arm 2: k2=5 must satisfy 0 <= k2 <= n2 \(n2=4\)"
    ):
        two_proportion_z(1, 3, 5, 4)
    with pytest.raises(ValueError, match="arm 1: n1 must be >= 1, got 0"):
        two_proportion_z(0, 0, 1, 4)
    with pytest.raises(ValueError, match="arm 2: n2 must be >= 1, got 0"):
        two_proportion_z(1, 3, 0, 0)
    with pytest.raises(ValueError, match="arm 2: k_0=5 must satisfy 0 <= k_0 <= n_0"):
        retention_ratio(1, 3, 5, 4)


@pytest.mark.parametrize("table", [5, None, 1.5])
def test_mcnemar_non_sequence_is_a_type_error(table):
    with pytest.raises(TypeError, match="table must be a 2x2 sequence of counts"):
        mcnemar(table)

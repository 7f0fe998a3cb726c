package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens"
)

func TestConstruct(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"construct", "8"}, "[1 3 5 7 2 0 6 4]\n"},
		{[]string{"construct", "-board", "4"}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"construct", "0"}, "[]\n"},
	})
}

// TestConstructForm: construct prints a solution as Solution.String
// writes it, which ParseSolution and complete read back.
func TestConstructForm(t *testing.T) {
	for _, n := range []int{1, 8, 1000} {
		_, out, _ := runCLI(t, noEnv, "construct", strconv.Itoa(n))
		s, err := nqueens.Construct(n)
		if err != nil || out != s.String()+"\n" {
			t.Errorf("construct %d: %q, want Solution.String's %q (%v)", n, out, s.String(), err)
		}
		if _, err := nqueens.ParseSolution(out); err != nil {
			t.Errorf("ParseSolution of construct %d: %v", n, err)
		}
		if code, count, errOut := runCLI(t, noEnv, "complete", "-count", strings.TrimSpace(out)); n <= 8 && (code != 0 || count != "1\n") {
			t.Errorf("complete -count of construct %d: exit %d, %q, %q; want 1", n, code, count, errOut)
		}
	}
}

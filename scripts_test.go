package nqueens

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestYardstickPeers wants scripts/yardstick to refuse a peer it cannot
// run at once, before it builds anything.
func TestYardstickPeers(t *testing.T) {
	start := time.Now()
	out, err := exec.Command("bash", "scripts/yardstick", "-peer", "missing=./no-such-program {n}", "12").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "peer missing: cannot run './no-such-program'") || time.Since(start) > time.Second {
		t.Errorf("yardstick with a peer that does not exist: %v after %v, %q; want a refusal at once", err, time.Since(start), out)
	}
	out, err = exec.Command("bash", "scripts/yardstick", "-noref", "28").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "up to 27, the largest known, not 28") {
		t.Errorf("yardstick -noref 28: %v, %q; want a refusal: no count of n = 28 is known", err, out)
	}
}

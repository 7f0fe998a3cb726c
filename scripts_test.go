package nqueens

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestYardstickPeers wants scripts/yardstick to refuse a peer it cannot
// run before it builds anything: go and gcc are stand-ins that leave a
// mark if they run.
func TestYardstickPeers(t *testing.T) {
	bin := t.TempDir()
	mark := filepath.Join(bin, "built")
	for _, tool := range []string{"go", "gcc"} {
		script := "#!/bin/sh\ntouch " + mark + "\nexit 1\n"
		if err := os.WriteFile(filepath.Join(bin, tool), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "scripts/yardstick", "-peer", "missing=./no-such-program {n}", "12")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "peer missing: cannot run './no-such-program'") {
		t.Errorf("yardstick with a peer that does not exist: %v, %q; want a refusal", err, out)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("yardstick with a peer that does not exist built something before it refused it")
	}
	out, err = exec.Command("bash", "scripts/yardstick", "-noref", "28").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "up to 27, the largest known, not 28") {
		t.Errorf("yardstick -noref 28: %v, %q; want a refusal: no count of n = 28 is known", err, out)
	}
}

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

// TestBenchtable wants scripts/benchtable to say what is wrong, with a
// failing status, where it cannot make a table, and -h to list its flags.
func TestBenchtable(t *testing.T) {
	dir := t.TempDir()
	none := filepath.Join(dir, "none.txt")
	if err := os.WriteFile(none, []byte("PASS\nok\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A go whose tools cannot run, as where benchstat fails to build.
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte("#!/bin/sh\necho 'cannot build benchstat' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	noTool := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, c := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"-in", none}, nil, "holds no benchmark results"},
		{[]string{"-raw", "docs/bench.txt"}, nil, "docs/bench.txt is a file of the repository: give -raw a new file"},
		{[]string{"-in", "docs/bench.txt"}, noTool, "go tool benchstat failed on docs/bench.txt:\n  cannot build benchstat"},
		{[]string{"-count"}, nil, "-count needs a value"},
	} {
		cmd := exec.Command("bash", append([]string{"scripts/benchtable"}, c.args...)...)
		cmd.Env = c.env
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) || strings.Contains(string(out), "| strategy |") {
			t.Errorf("benchtable %s: %v, %q; want a failure saying %q, and no table", strings.Join(c.args, " "), err, out, c.want)
		}
	}
	out, err := exec.Command("bash", "scripts/benchtable", "-h").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "-maxn N    time no strategy beyond board N") || !strings.Contains(string(out), "-full") {
		t.Errorf("benchtable -h: %v, %q; want every flag explained", err, out)
	}
}

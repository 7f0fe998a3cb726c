// Package kubernetes holds the Kubernetes manifest of the batch engine and
// the test that decodes it strictly into the real Job type.
package kubernetes

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decode reads a Job strictly: an unknown or repeated field is an error,
// as kubectl's server-side validation makes it.
func decode(t *testing.T, data []byte) (*batchv1.Job, error) {
	t.Helper()
	var job batchv1.Job
	err := yaml.UnmarshalStrict(data, &job)
	return &job, err
}

func TestIndexedJob(t *testing.T) {
	data, err := os.ReadFile("indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	job, err := decode(t, data)
	if err != nil {
		t.Fatalf("indexed-job.yaml is not a valid Job: %v", err)
	}
	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Errorf("apiVersion %q, kind %q, want batch/v1 and Job", job.APIVersion, job.Kind)
	}
	spec := job.Spec
	// An Indexed Job gives pod i JOB_COMPLETION_INDEX=i, which count takes
	// for its shard.
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("completionMode %v, want Indexed: count takes its shard from JOB_COMPLETION_INDEX", spec.CompletionMode)
	}
	if spec.Completions == nil || spec.Parallelism == nil {
		t.Fatal("completions and parallelism must both be set")
	}
	if p, c := *spec.Parallelism, *spec.Completions; p < 1 || p > c {
		t.Errorf("parallelism %d, want 1 to completions (%d)", p, c)
	}
	if spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %q, want Never: a retry is a new pod, whose logs are collected apart", spec.Template.Spec.RestartPolicy)
	}
	if len(spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(spec.Template.Spec.Containers))
	}
	c := spec.Template.Spec.Containers[0]
	if name, tag, ok := strings.Cut(c.Image, ":"); !ok || tag == "" || tag == "latest" || !strings.Contains(name, "/") {
		t.Errorf("image %q, want a registry path and a version tag", c.Image)
	}
	for _, e := range c.Env {
		if e.Name == "JOB_COMPLETION_INDEX" {
			t.Errorf("env sets JOB_COMPLETION_INDEX, which Kubernetes sets for each pod")
		}
	}

	args := c.Args
	if len(args) < 2 || args[0] != "count" {
		t.Fatalf("args %q, want count ... N", args)
	}
	if !slices.Contains(args, "-json") {
		t.Errorf("args %q lack -json: merge reads JSON records", args)
	}
	if slices.Contains(args, "-shard") {
		t.Errorf("args %q fix -shard: every pod would count the same shard", args)
	}
	i := slices.Index(args, "-shards")
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("args %q lack -shards K", args)
	}
	k, err := strconv.Atoi(args[i+1])
	if err != nil || k != int(*spec.Completions) {
		t.Errorf("-shards %q and completions %d differ: they must be equal", args[i+1], *spec.Completions)
	}
	if n, err := strconv.Atoi(args[len(args)-1]); err != nil || n < 0 || n > 64 {
		t.Errorf("the last argument %q is not a board size", args[len(args)-1])
	}
	if !strings.Contains(job.Name, args[len(args)-1]) {
		t.Errorf("job name %q does not name the board size %s, which the README's commands use", job.Name, args[len(args)-1])
	}
	// A pod counts its shard on one worker, as the docs time shards and
	// nqueens plan plans them, on the memory that it asks for.
	if i := slices.Index(args, "-workers"); i < 0 || i+1 >= len(args) || args[i+1] != "1" {
		t.Errorf("args %q, want -workers 1", args)
	}
	cpu, memory := c.Resources.Requests[corev1.ResourceCPU], c.Resources.Requests[corev1.ResourceMemory]
	if cpu.String() != "1" || !cpu.Equal(c.Resources.Limits[corev1.ResourceCPU]) {
		t.Errorf("cpu request %v, limit %v; want 1 of each, for its one worker", cpu.String(), c.Resources.Limits.Cpu())
	}
	if memory.IsZero() || !memory.Equal(c.Resources.Limits[corev1.ResourceMemory]) {
		t.Errorf("memory request %v, limit %v; want both, equal", memory.String(), c.Resources.Limits.Memory())
	}
	if i := slices.Index(args, "-memory"); i < 0 || i+1 >= len(args) || args[i+1] != strconv.FormatInt(memory.Value()>>20, 10)+"M" {
		t.Errorf("args %q, want -memory %dM, the memory the pod asks for: a count over it is refused, rather than killed", args, memory.Value()>>20)
	}
	// A retried pod resumes from the checkpoint of its shard, on a volume
	// that outlives it.
	i = slices.Index(args, "-checkpoint")
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("args %q lack -checkpoint: a retried pod would start over", args)
	}
	var index string
	for _, e := range c.Env {
		if e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.annotations['batch.kubernetes.io/job-completion-index']" {
			index = e.Name
		}
	}
	if index == "" || !strings.Contains(args[i+1], "$("+index+")") {
		t.Errorf("checkpoint %q, env %v: want the pod's index in its name, from an env var of the completion index", args[i+1], c.Env)
	}
	mounted := false
	for _, m := range c.VolumeMounts {
		for _, v := range spec.Template.Spec.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil && strings.HasPrefix(args[i+1], m.MountPath+"/") {
				mounted = true
			}
		}
	}
	if !mounted {
		t.Errorf("checkpoint %q is on no volume of a claim: a retried pod, on another node, would not find it", args[i+1])
	}
	if d := spec.Template.Spec.ActiveDeadlineSeconds; d == nil || *d <= 0 {
		t.Errorf("no activeDeadlineSeconds: a pod's time limit, which nqueens plan gives")
	}
}

// TestStrict makes sure the decoding above would catch a mistyped field.
func TestStrict(t *testing.T) {
	data, err := os.ReadFile("indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "completions:", "completion:", 1)
	if _, err := decode(t, []byte(bad)); err == nil {
		t.Error("a Job with a mistyped field decoded without an error")
	}
}

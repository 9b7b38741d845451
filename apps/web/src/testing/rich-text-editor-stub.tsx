// Test helper: the rich-text editor (Tiptap) stands in as a labelled textarea, so forms' own rules can be driven from jsdom.

/** The rich-text editor (Tiptap) is tested in components/; a labelled textarea stands in for it here. */
export function richTextEditorStub() {
  return {
    RichTextEditor: ({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) => (
      <div>
        <label>
          {label}
          <textarea value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={error ? true : undefined} />
        </label>
        {error && <span>{error}</span>}
      </div>
    ),
  };
}

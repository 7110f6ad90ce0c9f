<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>Cannot Create the Demo</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::DiffPane</name>
    <message>
        <source>Preparing the diff…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. Select the file again to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renamed from %1 (%2% similar)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied from %1 (%2% similar)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submodule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show this file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary file not shown (%1 → %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not UTF-8, shown as Latin-1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::DiffView</name>
    <message numerus="yes">
        <source>Show %n more line(s) below the previous change</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show %n more line(s) above the next change</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n unchanged line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>▼ %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s) ⋯</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>▲ %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>⊘ no newline at end</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::FileTreeModel</name>
    <message>
        <source>binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::MainWindow</name>
    <message>
        <source>ReviewDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter files: name, status, is:unviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlighting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the merge request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Open Merge Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReviewDesk could not open %1 → %2 in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Merge Request…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next &amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous F&amp;ile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find in Diff…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find Ne&amp;xt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark File as &amp;Viewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unified View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Wrap Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignore &amp;Whitespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About ReviewDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About ReviewDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;ReviewDesk %1&lt;/h3&gt;&lt;p&gt;A workbench for defect-focused code review with LLMs.&lt;/p&gt;&lt;p&gt;Syntax highlighting: %2. libgit2, Qt %3.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1 → %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — ReviewDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>This merge request changes no files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No more changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No earlier changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No more matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line in the new version (1–%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 is not in the new version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark File as Not &amp;Viewed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestHeader</name>
    <message>
        <source>Show or hide the description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No merge request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no title)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 ← %3 %4 · merge base %5 · %n file(s) changed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>two-dot</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rd::OpenMergeRequestDialog</name>
    <message>
        <source>Open Merge Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path of a work tree, a .git directory or a bare repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: branch, tag, commit or any rev-spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Base (target):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: the change to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Head (source):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare base and head directly (two-dot) instead of from their merge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bare repository %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repository %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a revision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A revision is missing.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>rd::AgreementDialog</name>
    <message numerus="yes">
        <source>Krippendorff's alpha needs two annotators with verdicts; this workspace has %n.</source>
        <translation><numerusform>Krippendorff's alpha needs two annotators with verdicts; this workspace has %n.</numerusform><numerusform>Krippendorff's alpha needs two annotators with verdicts; this workspace has %n.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Krippendorff's alpha over the %n annotators who gave verdicts: %1</source>
        <translation><numerusform>Krippendorff's alpha over the %n annotators who gave verdicts: %1</numerusform><numerusform>Krippendorff's alpha over the %n annotators who gave verdicts: %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %2: kappa %3 over %n item(s) both judged</source>
        <translation><numerusform>%1 and %2: kappa %3 over %n item both judged</numerusform><numerusform>%1 and %2: kappa %3 over %n items both judged</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::CompareCharts</name>
    <message numerus="yes">
        <source>%1 (%), judge %2, %n merge request(s)</source>
        <translation><numerusform>%1 (%), judge %2, %n merge request</numerusform><numerusform>%1 (%), judge %2, %n merge requests</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::CompareView</name>
    <message numerus="yes">
        <source>%n merge request(s) labelled %1=%2</source>
        <translation><numerusform>%n merge request labelled %1=%2</numerusform><numerusform>%n merge requests labelled %1=%2</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n chosen)</source>
        <translation><numerusform>%1 (%n chosen)</numerusform><numerusform>%1 (%n chosen)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>All %n merge request(s) are compared.</source>
        <translation><numerusform>All %n merge request are compared.</numerusform><numerusform>All %n merge requests are compared.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n merge request(s) have the labels chosen.</source>
        <translation><numerusform>%1 of %n merge request have the labels chosen.</numerusform><numerusform>%1 of %n merge requests have the labels chosen.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n judge(s) compared.</source>
        <translation><numerusform>%n judge compared.</numerusform><numerusform>%n judges compared.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Judge %1: %n merge request(s) (%2), %3 references.</source>
        <translation><numerusform>Judge %1: %n merge request (%2), %3 references.</numerusform><numerusform>Judge %1: %n merge requests (%2), %3 references.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::DiffView</name>
    <message numerus="yes">
        <source>Show %n more line(s) below the previous change</source>
        <translation><numerusform>Show %n more line below the previous change</numerusform><numerusform>Show %n more lines below the previous change</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show %n more line(s) above the next change</source>
        <translation><numerusform>Show %n more line above the next change</numerusform><numerusform>Show %n more lines above the next change</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show all %n unchanged line(s)</source>
        <translation><numerusform>Show all %n unchanged line</numerusform><numerusform>Show all %n unchanged lines</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▼ %n more</source>
        <translation><numerusform>▼ %n more</numerusform><numerusform>▼ %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s) ⋯</source>
        <translation><numerusform>⋯ %n unchanged line ⋯</numerusform><numerusform>⋯ %n unchanged lines ⋯</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▲ %n more</source>
        <translation><numerusform>▲ %n more</numerusform><numerusform>▲ %n more</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::DifferencesTable</name>
    <message numerus="yes">
        <source>too few (%n merge request(s))</source>
        <translation><numerusform>too few (%n merge request)</numerusform><numerusform>too few (%n merge requests)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Bold: the pairs told apart at %1 %, their p-value adjusted by Holm's method over the %n pair(s) of this judge on %2 (adjusted p below %3). Each pair is computed on the merge requests both reviewers reviewed; fewer than %4 give no interval and no p-value.</source>
        <translation><numerusform>Bold: the pairs told apart at %1 %, their p-value adjusted by Holm's method over the %n pair of this judge on %2 (adjusted p below %3). Each pair is computed on the merge requests both reviewers reviewed; fewer than %4 give no interval and no p-value.</numerusform><numerusform>Bold: the pairs told apart at %1 %, their p-value adjusted by Holm's method over the %n pairs of this judge on %2 (adjusted p below %3). Each pair is computed on the merge requests both reviewers reviewed; fewer than %4 give no interval and no p-value.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::EvaluationWindow</name>
    <message numerus="yes">
        <source>Evaluating %n run(s)…</source>
        <translation><numerusform>Evaluating %n run…</numerusform><numerusform>Evaluating %n runs…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) evaluated%1.</source>
        <translation><numerusform>%n run evaluated%1.</numerusform><numerusform>%n runs evaluated%1.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) behind this figure: click to list them</source>
        <translation><numerusform>%n comment behind this figure: click to list them</numerusform><numerusform>%n comments behind this figure: click to list them</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Evaluating %n run(s), asking the judge…</source>
        <translation><numerusform>Evaluating %n run, asking the judge…</numerusform><numerusform>Evaluating %n runs, asking the judge…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) judged false positive(s) against the imported ground truth (the set 'original'). Each may be a real issue the ground truth misses: Queue for Triage puts the rows chosen (all, when none is) to two or more annotators, blind, who answer with reviewdesk-cli triage answer; an agreed or adjudicated yes makes it a reference of the set 'triaged', and the imported ground truth stays as it is.</source>
        <translation><numerusform>%n comment judged false positive against the imported ground truth (the set 'original'). Each may be a real issue the ground truth misses: Queue for Triage puts the rows chosen (all, when none is) to two or more annotators, blind, who answer with reviewdesk-cli triage answer; an agreed or adjudicated yes makes it a reference of the set 'triaged', and the imported ground truth stays as it is.</numerusform><numerusform>%n comments judged false positives against the imported ground truth (the set 'original'). Each may be a real issue the ground truth misses: Queue for Triage puts the rows chosen (all, when none is) to two or more annotators, blind, who answer with reviewdesk-cli triage answer; an agreed or adjudicated yes makes it a reference of the set 'triaged', and the imported ground truth stays as it is.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Put %n comment(s) to these annotators, blind (two or more, separated by commas; empty: anyone, and two answers agree):</source>
        <translation><numerusform>Put %n comment to these annotators, blind (two or more, separated by commas; empty: anyone, and two answers agree):</numerusform><numerusform>Put %n comments to these annotators, blind (two or more, separated by commas; empty: anyone, and two answers agree):</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) queued, %1 in the queue already; %2.</source>
        <translation><numerusform>%n comment queued, %1 in the queue already; %2.</numerusform><numerusform>%n comments queued, %1 in the queue already; %2.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::ImportDialog</name>
    <message numerus="yes">
        <source>%n pull request(s) (%1 new, %2 without code)</source>
        <translation><numerusform>%n pull request (%1 new, %2 without code)</numerusform><numerusform>%n pull requests (%1 new, %2 without code)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s)</source>
        <translation><numerusform>%n comment</numerusform><numerusform>%n comments</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n judgement(s)</source>
        <translation><numerusform>%n judgement</numerusform><numerusform>%n judgements</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::JudgeEvaluationWindow</name>
    <message numerus="yes">
        <source>Asking the judge about %n comment(s)…</source>
        <translation><numerusform>Asking the judge about %n comment…</numerusform><numerusform>Asking the judge about %n comments…</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::JudgingBar</name>
    <message numerus="yes">
        <source>%1 (%n generated); press J to judge the first.</source>
        <translation><numerusform>%1 (%n generated); press J to judge the first.</numerusform><numerusform>%1 (%n generated); press J to judge the first.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n generated) · %2:%3</source>
        <translation><numerusform>%1 (%n generated) · %2:%3</numerusform><numerusform>%1 (%n generated) · %2:%3</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::JudgingStatus</name>
    <message numerus="yes">
        <source>%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4</source>
        <translation><numerusform>%n decision (%1/%2 comments, with their near-duplicates) · workspace %3/%4</numerusform><numerusform>%n decisions (%1/%2 comments, with their near-duplicates) · workspace %3/%4</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::LeaderboardModel</name>
    <message numerus="yes">
        <source>%1: a run configuration of this workspace (%n run(s))</source>
        <translation><numerusform>%1: a run configuration of this workspace (%n run)</numerusform><numerusform>%1: a run configuration of this workspace (%n runs)</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::MainWindow</name>
    <message numerus="yes">
        <source>%n file(s) changed</source>
        <translation><numerusform>%n file changed</numerusform><numerusform>%n files changed</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) ready</source>
        <translation><numerusform>%n slice ready</numerusform><numerusform>%n slices ready</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestHeader</name>
    <message numerus="yes">
        <source>%1 %2 ← %3 %4 · merge base %5 · %n file(s) changed</source>
        <translation><numerusform>%1 %2 ← %3 %4 · merge base %5 · %n file changed</numerusform><numerusform>%1 %2 ← %3 %4 · merge base %5 · %n files changed</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestListModel</name>
    <message numerus="yes">
        <source>%n other(s) judging</source>
        <translation><numerusform>%n other judging</numerusform><numerusform>%n others judging</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::PairwiseView</name>
    <message numerus="yes">
        <source>#%1 %2 (%n run(s))</source>
        <translation><numerusform>#%1 %2 (%n run)</numerusform><numerusform>#%1 %2 (%n runs)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s)</source>
        <translation><numerusform>%n comment</numerusform><numerusform>%n comments</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n vote(s) by others on this pair, hidden until you vote (blind mode)</source>
        <translation><numerusform>%n vote by others on this pair, hidden until you vote (blind mode)</numerusform><numerusform>%n votes by others on this pair, hidden until you vote (blind mode)</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::PipelinePanel</name>
    <message numerus="yes">
        <source>Reviewing %n slice(s)…</source>
        <translation><numerusform>Reviewing %n slice…</numerusform><numerusform>Reviewing %n slices…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation><numerusform>… and %n more</numerusform><numerusform>… and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) in this run:</source>
        <translation><numerusform>%n error in this run:</numerusform><numerusform>%n errors in this run:</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::PullRequestOpener</name>
    <message numerus="yes">
        <source>%n host comment(s) imported</source>
        <translation><numerusform>%n host comment imported</numerusform><numerusform>%n host comments imported</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n stored before</source>
        <translation><numerusform>%n stored before</numerusform><numerusform>%n stored before</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n not on lines of this revision.</source>
        <translation><numerusform>%n not on lines of this revision.</numerusform><numerusform>%n not on lines of this revision.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::RevisionsPanel</name>
    <message numerus="yes">
        <source>%n revision(s); the newest is current. Review ▸ Refresh Merge Request (F5) records the author's new commits.</source>
        <translation><numerusform>%n revision; the newest is current. Review ▸ Refresh Merge Request (F5) records the author's new commits.</numerusform><numerusform>%n revisions; the newest is current. Review ▸ Refresh Merge Request (F5) records the author's new commits.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::RunDialog</name>
    <message numerus="yes">
        <source>%n slice(s) of %1 to review, about %2 tokens of code</source>
        <translation><numerusform>%n slice of %1 to review, about %2 tokens of code</numerusform><numerusform>%n slices of %1 to review, about %2 tokens of code</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::RunsPanel</name>
    <message numerus="yes">
        <source>%n review run(s) under way.</source>
        <translation><numerusform>%n review run under way.</numerusform><numerusform>%n review runs under way.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::SlicePanel</name>
    <message numerus="yes">
        <source>About %n token(s)</source>
        <translation><numerusform>About %n token</numerusform><numerusform>About %n tokens</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read</source>
        <translation><numerusform>%n file could not be read</numerusform><numerusform>%n files could not be read</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) in this merge request (%1)</source>
        <translation><numerusform>%n slice in this merge request (%1)</numerusform><numerusform>%n slices in this merge request (%1)</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::TeamCardText</name>
    <message numerus="yes">
        <source>Judged as one group of %n near-duplicates (each keeps the judgement):</source>
        <translation><numerusform>Judged as one group of %n near-duplicates (each keeps the judgement):</numerusform><numerusform>Judged as one group of %n near-duplicates (each keeps the judgement):</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>One of %n near-duplicates (judged one by one):</source>
        <translation><numerusform>One of %n near-duplicates (judged one by one):</numerusform><numerusform>One of %n near-duplicates (judged one by one):</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Blind mode: %n other judgement(s) hidden until you give a verdict.</source>
        <translation><numerusform>Blind mode: %n other judgement hidden until you give a verdict.</numerusform><numerusform>Blind mode: %n other judgements hidden until you give a verdict.</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::TeamWorkbench</name>
    <message numerus="yes">
        <source>%n disagreement(s) to adjudicate</source>
        <translation><numerusform>%n disagreement to adjudicate</numerusform><numerusform>%n disagreements to adjudicate</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::models</name>
    <message numerus="yes">
        <source>results/pr_labels.json: labels of %n pull request(s) in no golden comments file, left out: %1</source>
        <translation><numerusform>results/pr_labels.json: labels of %n pull request in no golden comments file, left out: %1</numerusform><numerusform>results/pr_labels.json: labels of %n pull requests in no golden comments file, left out: %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) without text left out, as the benchmark's judge leaves them out</source>
        <translation><numerusform>%n candidate without text left out, as the benchmark's judge leaves them out</numerusform><numerusform>%n candidates without text left out, as the benchmark's judge leaves them out</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n pull request(s) of the golden comments no judge evaluated: imported with their references only</source>
        <translation><numerusform>%n pull request of the golden comments no judge evaluated: imported with their references only</numerusform><numerusform>%n pull requests of the golden comments no judge evaluated: imported with their references only</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::pipeline</name>
    <message numerus="yes">
        <source>the %n runs of this merge request are all of one configuration: only reviews by different configurations are compared</source>
        <translation><numerusform>the %n runs of this merge request are all of one configuration: only reviews by different configurations are compared</numerusform><numerusform>the %n runs of this merge request are all of one configuration: only reviews by different configurations are compared</numerusform></translation>
    </message>
</context>
</TS>
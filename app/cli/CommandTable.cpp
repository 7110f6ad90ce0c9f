#include "CommandTable.h"

#include "CliCommand.h"

#include <algorithm>

namespace rd::cli {

std::span<const Command> commands()
{
    using enum CommandModule;
    // The Analysis entry points are defined in AnalysisCommands.cpp.
    static const Command table[]{
        {"diff", Core, runDiff, "Print a merge request's diff as a git patch or as JSON", false},
        {"slice", Analysis, "reviewdeskSlice", "Print the code slices an LLM reviewer reads for a merge request"},
        {"review", Analysis, "reviewdeskReview",
         "Review a merge request with the multi-role LLM pipeline (--workspace W --all-mrs: every merge request of a workspace, --shard/--claim to fan out)"},
        {"comments", Analysis, "reviewdeskComments", "Print the comments of a workspace with every annotator's judgement (JSON or CSV)"},
        {"judge", Analysis, "reviewdeskJudge", "Store judgements read as JSON Lines on stdin in a workspace"},
        {"assign", Analysis, "reviewdeskAssign", "Assign merge requests to two or more annotators (blind judging)"},
        {"agreement", Analysis, "reviewdeskAgreement", "Krippendorff's alpha of two or more annotators and Cohen's kappa of every pair, per label (JSON or Markdown)"},
        {"groups", Analysis, "reviewdeskGroups", "Print the near-duplicate groups of candidate comments with their provenance"},
        {"import", Core, runImport, "Import AACR-Bench samples, a ReviewDesk run or Code Review Bench (with every judge's verdicts) into a workspace"},
        {"export", Core, runExport, "Export a workspace as AACR-Bench, TRL (SFT/DPO/KTO), SARIF, rdjson, CSV, votes or triage errata"},
        {"eval", Analysis, "reviewdeskEval", "Evaluate runs (KBI/FAR/CPI/LSR, precision/recall/F1) or AACR-Bench generated-comment files"},
        {"references", Analysis, "reviewdeskReferences",
         "freeze: keep the references every merge request is evaluated against under a name (eval --references NAME); list; export"},
        {"compare", Analysis, "reviewdeskCompare",
         "Compare reviewers per judge: precision, recall, F1 with bootstrap intervals, paired differences, the judges' kappa (JSON, Markdown or CSV)"},
        {"audit", Analysis, "reviewdeskAudit",
         "People audit the benchmark judges: --list the pairs they disagree on (and a sample of agreements); store decisions read as JSON Lines"},
        {"judge-eval", Analysis, "reviewdeskJudgeEval", "Measure an LLM judge against people's labels (accuracy, kappa, calibration, flip rate)"},
        {"prefer", Analysis, "reviewdeskPrefer", "Store pairwise votes on whole reviews read as JSON Lines on stdin in a workspace"},
        {"arena", Analysis, "reviewdeskArena",
         "Rank run configurations by pairwise votes (Bradley-Terry, bootstrap intervals); --judge-config: LLM judges of pairs, position bias"},
        {"triage", Analysis, "reviewdeskTriage",
         "Gold-gap triage: queue false positives against imported ground truth for blind double annotation, store answers, list the queue"},
        {"publish", Analysis, "reviewdeskPublish", "Publish an annotator's review of a merge request to GitHub, GitLab or Gerrit"},
        {"workspace", Analysis, "reviewdeskWorkspace", "copy FROM TO: copy a workspace between SQLite and PostgreSQL, losslessly"},
        {"mr", Analysis, "reviewdeskMr",
         "add: open a pull request from GitHub, GitLab or Gerrit, fetch its commits, import its review comments; "
         "update: follow a merge request to its new commits; revisions: list its revisions (JSON)"},
    };
    return table;
}

const Command *findCommand(const QString &name)
{
    const std::span<const Command> all = commands();
    const auto found = std::find_if(all.begin(), all.end(), [&name](const Command &c) { return name == QLatin1String(c.name); });
    return found == all.end() ? nullptr : &*found;
}

QByteArray usageText()
{
    qsizetype width = 0;
    for (const Command &c : commands())
        width = std::max(width, qsizetype(qstrlen(c.name)));
    QByteArray text = "Usage: reviewdesk-cli <command> [options]\n"
                      "\n"
                      "Commands:\n";
    for (const Command &c : commands())
        text += "  " + QByteArray(c.name).leftJustified(width) + "  " + c.help + '\n';
    text += "\n"
            "Run 'reviewdesk-cli <command> --help' for the options of a command.\n"
            "Exit codes: 0 success, 2 bad usage, 3 repository, revision or workspace problem, 4 no LLM endpoint answered or a code host refused,\n"
            "1 anything else.\n";
    return text;
}

} // namespace rd::cli

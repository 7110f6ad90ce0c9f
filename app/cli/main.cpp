// reviewdesk-cli: ReviewDesk without a window, for scripts, CI and tests.

#include "CliCommand.h"

#include <QCoreApplication>
#include <QLibrary>

#include <cstdio>


namespace {

const char *usage =
    "Usage: reviewdesk-cli <command> [options]\n"
    "\n"
    "Commands:\n"
    "  diff     Print a merge request's diff as a git patch or as JSON\n"
    "  slice    Print the code slices an LLM reviewer reads for a merge request\n"
    "  review   Review a merge request with the multi-role LLM pipeline\n"
    "           (--workspace W --all-mrs: every merge request of a workspace, --shard/--claim to fan out)\n"
    "  comments Print the comments of a workspace with every annotator's judgement (JSON or CSV)\n"
    "  judge    Store judgements read as JSON Lines on stdin in a workspace\n"
    "  assign   Assign merge requests to two or more annotators (blind judging)\n"
    "  agreement Cohen's kappa and agreement of two annotators per label (JSON or Markdown)\n"
    "  groups   Print the near-duplicate groups of candidate comments with their provenance\n"
    "  import   Import AACR-Bench samples or a ReviewDesk run into a workspace\n"
    "  export   Export a workspace as AACR-Bench, TRL (SFT/DPO/KTO), SARIF, rdjson or CSV\n"
    "  eval     Evaluate runs (KBI/FAR/CPI/LSR, precision/recall/F1) or AACR-Bench generated-comment files\n"
    "  judge-eval Measure an LLM judge against people's labels (accuracy, kappa, calibration, flip rate)\n"
    "  publish  Publish an annotator's review of a merge request to GitHub, GitLab or Gerrit\n"
    "  workspace copy FROM TO  Copy a workspace between SQLite and PostgreSQL, losslessly\n"
    "  mr update    Follow a merge request to its new commits: record a revision, re-anchor its comments\n"
    "  mr revisions List a merge request's revisions (JSON)\n"
    "  mr add   Open a pull request from GitHub, GitLab or Gerrit: fetch its commits, import its review comments\n"
    "\n"
    "Run 'reviewdesk-cli <command> --help' for the options of a command.\n"
    "Exit codes: 0 success, 2 bad usage, 3 repository, revision or workspace problem, 4 no LLM endpoint answered or a code host refused,\n"
    "1 anything else.\n";

} // namespace

int main(int argc, char *argv[])
{
    // What QCoreApplication::arguments() gives on Unix: argv in the local
    // 8-bit encoding, which Qt 6 takes as UTF-8.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (arguments.size() < 2)
        return rd::cli::fail(rd::cli::ExitUsage, QStringLiteral("no command given (try --help)"));
    const QString command = arguments.at(1);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") || command == QLatin1String("help")) {
        std::fputs(usage, stdout);
        return rd::cli::ExitOk;
    }
    if (command == QLatin1String("--version")) {
        std::printf("reviewdesk-cli %s\n", REVIEWDESK_VERSION);
        return rd::cli::ExitOk;
    }
    arguments.removeAt(0); // the command name now stands where QCommandLineParser expects the program
    // diff runs without an application object: it uses no event loop, no
    // plugins and no translations, and creating one (an event dispatcher on
    // GLib, locale and environment set-up) costs 1.3 MiB and a millisecond
    // of a command whose memory and time are compared with git's.
    if (command == QLatin1String("diff"))
        return rd::cli::runDiff(arguments);
    if (command == QLatin1String("import") || command == QLatin1String("export")) { // models only: no libclang
        QCoreApplication app(argc, argv);
        return command == QLatin1String("import") ? rd::cli::runImport(arguments) : rd::cli::runExport(arguments);
    }
    if (command == QLatin1String("slice") || command == QLatin1String("review") || command == QLatin1String("comments")
        || command == QLatin1String("judge")
        || command == QLatin1String("assign") || command == QLatin1String("agreement") || command == QLatin1String("groups")
        || command == QLatin1String("eval") || command == QLatin1String("judge-eval") || command == QLatin1String("workspace")
        || command == QLatin1String("mr") || command == QLatin1String("publish")) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("reviewdesk-cli"));
        QCoreApplication::setApplicationVersion(QStringLiteral(REVIEWDESK_VERSION));
        // libclang, the pipeline and Qt SQL are loaded only for the commands that use them.
        QLibrary module(QCoreApplication::applicationDirPath() + QStringLiteral("/" REVIEWDESK_ANALYSIS_MODULE));
        using Run = int (*)(const QString &, const QStringList &);
        const auto run = reinterpret_cast<Run>(module.resolve("reviewdeskRunAnalysisCommand"));
        if (!run)
            return rd::cli::fail(rd::cli::ExitInternal, QStringLiteral("cannot load the %1 command: %2").arg(command, module.errorString()));
        return run(command, arguments);
    }
    return rd::cli::fail(rd::cli::ExitUsage, QStringLiteral("unknown command '%1' (try --help)").arg(command));
}

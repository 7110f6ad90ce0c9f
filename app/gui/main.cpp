// reviewdesk: the ReviewDesk window.

#include "DemoMergeRequest.h"

#include <MainWindow.h>
#include <Theme.h>
#include <WorkspaceActions.h>

#include <ReviewSession.h>
#include <RunService.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

namespace {

void loadTranslations(QApplication &app, const QString &locale)
{
    // English needs a translation too, for its plural forms ("1 file", "2 files").
    auto *ours = new QTranslator(&app);
    const bool english = locale.startsWith(QLatin1String("en")) || locale == QLatin1String("C");
    if (english || !ours->load(QStringLiteral(":/i18n/reviewdesk_") + locale)) {
        if (!english)
            std::fprintf(stderr, "reviewdesk: no translation for '%s'; using English\n", qPrintable(locale));
        if (!ours->load(QStringLiteral(":/i18n/reviewdesk_en")))
            return;
    }
    QCoreApplication::installTranslator(ours);
    auto *qt = new QTranslator(&app);
    if (!english && qt->load(QStringLiteral("qtbase_") + locale, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

// What reviewdesk accepts, with its help text.
struct CommandLine
{
    QCommandLineParser parser;
    const QCommandLineOption repo{QStringLiteral("repo"), QStringLiteral("Repository to open."), QStringLiteral("PATH")};
    const QCommandLineOption base{QStringLiteral("base"), QStringLiteral("Target revision of the merge request."), QStringLiteral("REV")};
    const QCommandLineOption head{QStringLiteral("head"), QStringLiteral("Source revision of the merge request."), QStringLiteral("REV")};
    const QCommandLineOption twoDot{QStringLiteral("two-dot"), QStringLiteral("Diff base to head directly, not from the merge base.")};
    const QCommandLineOption lang{QStringLiteral("lang"), QStringLiteral("User interface language, e.g. zh_CN (default: the system's)."), QStringLiteral("LOCALE")};
    const QCommandLineOption theme{QStringLiteral("theme"), QStringLiteral("light, dark or system (default: as last chosen)."), QStringLiteral("THEME")};
    const QCommandLineOption demo{QStringLiteral("demo"), QStringLiteral("Open the demo merge request.")};
    const QCommandLineOption file{QStringLiteral("file"), QStringLiteral("Select this file of the merge request."), QStringLiteral("PATH")};
    const QCommandLineOption demoReview{QStringLiteral("run-demo-review"), QStringLiteral("With --demo: run the demo's review from its recorded answers.")};
    const QCommandLineOption workspace{QStringLiteral("workspace"), QStringLiteral("Workspace file to open (created when missing)."), QStringLiteral("FILE")};
    const QCommandLineOption screenshot{QStringLiteral("screenshot"), QStringLiteral("Save a PNG of the window once the diff is shown, then quit."), QStringLiteral("PNG")};

    CommandLine()
    {
        parser.setApplicationDescription(QStringLiteral("ReviewDesk: a workbench for defect-focused code review with LLMs."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({repo, base, head, twoDot, lang, theme, demo, demoReview, file, workspace, screenshot});
    }
};

void nameApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ReviewDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("ReviewDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REVIEWDESK_VERSION));
}

// --help and --version need no display. QApplication aborts without a
// platform plugin (a server, an SSH session), so they are answered first,
// with a QCoreApplication: showHelp()/showVersion() print and exit 0.
void answerHelpOrVersion(int argc, char *argv[])
{
    const QList<QByteArray> asks{"-h", "--help", "-?", "--help-all", "-v", "--version"};
    bool asked = false;
    for (int i = 1; i < argc; ++i)
        asked = asked || asks.contains(QByteArray(argv[i]));
    if (!asked)
        return;
    QCoreApplication probe(argc, argv);
    nameApplication();
    CommandLine commandLine;
    // Arguments this parser does not know (Qt's own, like -platform) are
    // left to QApplication and the full parse in main().
    if (!commandLine.parser.parse(QCoreApplication::arguments()))
        return;
    if (commandLine.parser.isSet(QStringLiteral("help")) || commandLine.parser.isSet(QStringLiteral("help-all")))
        commandLine.parser.showHelp(0);
    if (commandLine.parser.isSet(QStringLiteral("version")))
        commandLine.parser.showVersion();
}

} // namespace

int main(int argc, char *argv[])
{
    answerHelpOrVersion(argc, argv);
    QApplication app(argc, argv);
    nameApplication();

    CommandLine commandLine;
    QCommandLineParser &parser = commandLine.parser;
    parser.process(app);

    if (parser.isSet(commandLine.repo) != parser.isSet(commandLine.base) || parser.isSet(commandLine.repo) != parser.isSet(commandLine.head)) {
        std::fprintf(stderr, "reviewdesk: --repo, --base and --head go together\n");
        return 2;
    }
    loadTranslations(app, parser.isSet(commandLine.lang) ? parser.value(commandLine.lang) : QLocale::system().name());
    const QString themeChoice = parser.isSet(commandLine.theme) ? parser.value(commandLine.theme) : QSettings().value(QStringLiteral("view/theme")).toString();
    rd::applyTheme(rd::themeFromName(themeChoice));

    rd::MainWindow window;
    window.resize(rd::MainWindow::defaultSize());
    window.show();

    auto screenshotWhenReady = std::make_shared<std::function<void()>>();
    if (parser.isSet(commandLine.screenshot)) {
        // Wait for the selected file's diff and the slices, then save.
        const QString target = parser.value(commandLine.screenshot);
        auto saving = std::make_shared<bool>(false);
        const bool waitForReview = parser.isSet(commandLine.demoReview);
        auto save = [&window, target, saving, waitForReview] {
            if (*saving || window.isBuildingDiff() || window.isSlicing() || window.isReviewing()
                || (waitForReview && !window.session()->reviewing()->lastRun()))
                return;
            *saving = true;
            QTimer::singleShot(200, &window, [&window, target] {
                const bool saved = window.grab().save(target);
                std::fprintf(saved ? stdout : stderr, saved ? "reviewdesk: saved %s\n" : "reviewdesk: cannot write %s\n", qPrintable(target));
                QCoreApplication::exit(saved ? 0 : 1);
            });
        };
        *screenshotWhenReady = save;
        QObject::connect(&window, &rd::MainWindow::fileShown, &window, save);
        QObject::connect(&window, &rd::MainWindow::slicingFinished, &window, save);
        QObject::connect(&window, &rd::MainWindow::reviewFinished, &window, save);
        QObject::connect(&window, &rd::MainWindow::openFailed, &window, [](const QString &message) {
            std::fprintf(stderr, "reviewdesk: %s\n", qPrintable(message));
            QCoreApplication::exit(3);
        });
        QTimer::singleShot(60000, &window, [] {
            std::fprintf(stderr, "reviewdesk: timed out waiting for the diff\n");
            QCoreApplication::exit(1);
        });
    }
    if (parser.isSet(commandLine.file)) {
        const QString wanted = parser.value(commandLine.file);
        QObject::connect(&window, &rd::MainWindow::mergeRequestOpened, &window, [&window, wanted] {
            const auto mr = window.mergeRequest();
            for (int i = 0; i < mr->files.size(); ++i)
                if (QString::fromUtf8(mr->files[i].displayPath()) == wanted)
                    window.selectFile(i);
        });
    }

    // The workspace: the one named, the demo's own, or the last one used
    // (on first start the demo's). A bad one is named in a dialog and the
    // window goes on without judging.
    const QStringList recentWorkspaces = rd::WorkspaceActions::recent();
    QString workspacePath;
    if (parser.isSet(commandLine.workspace))
        workspacePath = parser.value(commandLine.workspace);
    else if (parser.isSet(commandLine.demo))
        workspacePath = rd::WorkspaceActions::demoWorkspace();
    else if (parser.isSet(commandLine.repo))
        workspacePath = rd::WorkspaceActions::lastOrDefault();
    else
        workspacePath = recentWorkspaces.isEmpty() ? rd::WorkspaceActions::demoWorkspace() : recentWorkspaces.first();
    auto demoRequest = [&window]() -> std::optional<rd::MergeRequestRequest> {
        const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        auto demo = rd::ensureDemoMergeRequest(dataDir + QStringLiteral("/demo-inventory"));
        if (!demo) {
            QMessageBox::critical(&window, QObject::tr("Cannot Create the Demo"), demo.error().message);
            return std::nullopt;
        }
        return demo.value();
    };
    // A merge request named on the command line (or the demo's) is asked
    // for first: the workspace then does not open its own over it
    // (MainWindow::showWorkspaceStart). Otherwise the workspace opens on its
    // own last place or its browser, never on a merge request of another
    // workspace (there is no global "last merge request" any more).
    bool asked = false;
    if (parser.isSet(commandLine.repo)) {
        window.openMergeRequest({parser.value(commandLine.repo), parser.value(commandLine.base), parser.value(commandLine.head),
                                 parser.isSet(commandLine.twoDot), {}, {}});
        asked = true;
    } else if (parser.isSet(commandLine.demo)) {
        const auto demo = demoRequest();
        if (!demo)
            return parser.isSet(commandLine.screenshot) ? 1 : app.exec();
        window.openMergeRequest(*demo);
        asked = true;
    }
    QDir().mkpath(QFileInfo(workspacePath).absolutePath());
    if (!window.openWorkspace(workspacePath, true) && parser.isSet(commandLine.screenshot)) {
        std::fprintf(stderr, "reviewdesk: %s\n", qPrintable(window.workspaceError()));
        return 3;
    }
    // First start: the demo's workspace with no place to go back to shows the demo.
    if (!asked && !window.isOpening() && !window.session()->currentMergeRequest() && workspacePath == rd::WorkspaceActions::demoWorkspace()) {
        const auto demo = demoRequest();
        if (!demo)
            return parser.isSet(commandLine.screenshot) ? 1 : app.exec();
        window.openMergeRequest(*demo);
    }
    // A workspace that opened on its Merge Requests panel (no merge request
    // to show): the picture is taken once the panel has read its rows.
    if (parser.isSet(commandLine.screenshot) && !window.isOpening() && !window.session()->currentMergeRequest())
        QObject::connect(&window, &rd::MainWindow::mergeRequestsListed, &window, *screenshotWhenReady);
    if (parser.isSet(commandLine.demoReview)) {
        QObject::connect(&window, &rd::MainWindow::slicingFinished, &window, [&window] {
            QFile file(QStringLiteral(":/replays/demo-review-config.json"));
            if (!file.open(QIODevice::ReadOnly))
                return;
            if (const auto config = rd::RunConfig::fromJson(file.readAll()); config && window.isDemo())
                window.startReview(*config, true);
        });
    }
    return app.exec();
}

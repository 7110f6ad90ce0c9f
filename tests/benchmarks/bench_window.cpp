// The window at scale (issue 25): the real MainWindow, offscreen, on a
// generated workspace of 1,000 merge requests and 200,000 comments (one
// merge request of 2,000) with three annotators' judgements, assignments, a
// tenth of the merge requests without code and the others with a small diff
// in a generated git repository. Each figure is printed beside a reference
// done with plain Qt in the same run, and the goal:
//
//   open     MainWindow constructed, openWorkspace(path), and the window
//            usable: the workspace open; the annotator's last merge request
//            shown (MainWindow::mergeRequestOpened, and the DiffPane's
//            document shown when it builds one) or, in a build with the
//            Merge Requests browser, the browser's list filled; then posted
//            events drained and one full paint (grab()) done. Goal < 1 s.
//            Reference: Qt SQL opens the file, reads the merge-request list
//            into a QStandardItemModel, and a QTableView shows it (painted).
//   filter   the Merge Requests browser's search (objectName
//            mergeRequestSearch in the dock mergeRequestsDock): setText, then
//            posted events drained and the browser's view repainted. Without
//            the browser bench_window fails (exit 1). (Should the browser filter after a
//            timer, wait for its model's signal here instead.) Goal < 100 ms. Reference: the same
//            texts on a QSortFilterProxyModel over a QStandardItemModel of the
//            same rows, its QTableView repainted.
//   switch   another merge request, alternately one with code (until
//            mergeRequestOpened and the diff's document is shown) and one
//            without (the session opens it at once, as ExchangeActions does),
//            then drained and painted. Goal < 200 ms. Reference: the merge
//            request's comments read with Qt SQL into a QTreeView, painted.
//   scroll   the Comments panel of the 2,000-comment merge request (kept and
//            filtered shown: all 2,000 rows) from top to bottom, one page
//            step per frame; a frame = setValue on the scroll bar + a
//            synchronous repaint() of the viewport. Goal p95 < 16 ms.
//            Reference: a QListView with 2,000 text rows, same size, same steps.
//            The diff with its comment cards (the first file of that merge
//            request) is scrolled the same way, beside a QPlainTextEdit with
//            the file's lines and the cards' texts.
//   memory   VmRSS (/proc/self/status) of the process with an empty
//            MainWindow shown, after opening the workspace and after the
//            scroll. Goal < 400 MiB.
//
//   QT_QPA_PLATFORM=offscreen bench_window [--mrs N] [--comments N]
//       [--large-comments N] [--without-code-every N] [--switches N]
//       [--opens N] [--dir DIR] [--keep DIR | --workspace DIR]

#include <CommentsPanel.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <GeneratedWorkspace.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <ReviewSession.h>
#include <WorkspaceActions.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

using namespace rd;

namespace {

struct Stats
{
    double p50 = 0, p95 = 0;
};

Stats stats(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    if (ms.isEmpty())
        return {};
    const auto at = [&ms](double q) { return ms[std::min<qsizetype>(ms.size() - 1, static_cast<qsizetype>(q * ms.size()))]; };
    return {at(0.5), at(0.95)};
}

void header()
{
    std::printf("\n%-34s %9s %9s %9s %9s %8s  %-16s %s\n", "ms", "p50", "p95", "ref p50", "ref p95", "ratio", "goal", "");
}

void row(const char *what, const Stats &ours, const Stats &reference, const char *goal, std::optional<bool> met)
{
    std::printf("%-34s %9.2f %9.2f %9.2f %9.2f %7.2fx  %-16s %s\n", what, ours.p50, ours.p95, reference.p50, reference.p95,
                reference.p50 > 0 ? ours.p50 / reference.p50 : 0.0, goal, !met ? "" : *met ? "met" : "MISSED");
}

double rssMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

// Everything already posted (queued signals, deferred layouts, deleteLater)
// is handled; timers that have not fired yet are not waited for.
void drain()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

// Runs the event loop until `done` holds; a benchmark that never gets there
// has measured nothing, so it stops rather than print a figure.
void waitUntil(const std::function<bool()> &done, const char *what)
{
    QElapsedTimer patience;
    patience.start();
    while (!done()) {
        if (patience.elapsed() > 120000) {
            std::fprintf(stderr, "bench_window: gave up waiting for %s\n", what);
            std::exit(2);
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
    }
}

// Until the window shows the merge request it was asked to open: the
// session's diff, and the diff pane's document when it builds one.
void waitForMergeRequest(MainWindow &window, const bool &opened)
{
    waitUntil([&] { return opened && !window.isBuildingDiff(); }, "the merge request");
}

QDockWidget *mergeRequestsDock(MainWindow &window)
{
    return window.findChild<QDockWidget *>(QStringLiteral("mergeRequestsDock"));
}

QList<QStringList> mergeRequestRows(const QString &path)
{
    QList<QStringList> rows;
    const QString name = QStringLiteral("bench-window-reference");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        q.setForwardOnly(true);
        q.exec(QStringLiteral("SELECT m.id, m.title, m.repository, m.language, m.pr_category,"
                              " (SELECT COUNT(*) FROM comments c WHERE c.merge_request = m.id) FROM merge_requests m ORDER BY m.id"));
        while (q.next())
            rows << QStringList{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                                q.value(4).toString(), q.value(5).toString()};
        q = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return rows;
}

void fill(QStandardItemModel &model, const QList<QStringList> &rows)
{
    model.clear();
    for (const QStringList &r : rows) {
        QList<QStandardItem *> items;
        for (const QString &cell : r)
            items << new QStandardItem(cell);
        model.appendRow(items);
    }
}

// One frame per page step from the top to the bottom.
QList<double> scrollFrames(QAbstractScrollArea *area)
{
    QScrollBar *bar = area->verticalScrollBar();
    bar->setValue(bar->minimum());
    drain();
    QList<double> frames;
    QElapsedTimer t;
    while (bar->value() < bar->maximum()) {
        t.start();
        bar->setValue(bar->value() + std::max(1, bar->pageStep()));
        area->viewport()->repaint();
        frames << t.nsecsElapsed() / 1e6;
    }
    return frames;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // The window reads and writes settings (recent workspaces, the annotator,
    // the geometry): the benchmark's own, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("ReviewDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_window"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("alice"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times the ReviewDesk window on a generated large workspace, beside plain Qt references."));
    const QCommandLineOption mrsOption(QStringLiteral("mrs"), QStringLiteral("Merge requests (default 1000)."), QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption commentsOption(QStringLiteral("comments"), QStringLiteral("Comments in all (default 200000)."), QStringLiteral("N"),
                                            QStringLiteral("200000"));
    const QCommandLineOption largeOption(QStringLiteral("large-comments"), QStringLiteral("Comments of the one large merge request (default 2000)."),
                                         QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption withoutCodeOption(QStringLiteral("without-code-every"),
                                               QStringLiteral("Every Nth merge request has no code (default 10; 0: none)."), QStringLiteral("N"),
                                               QStringLiteral("10"));
    const QCommandLineOption switchesOption(QStringLiteral("switches"), QStringLiteral("Merge-request switches to time (default 40)."),
                                            QStringLiteral("N"), QStringLiteral("40"));
    const QCommandLineOption opensOption(QStringLiteral("opens"), QStringLiteral("Window opens to time (default 5)."), QStringLiteral("N"),
                                         QStringLiteral("5"));
    const QCommandLineOption dirOption(QStringLiteral("dir"), QStringLiteral("Where to write the temporary workspace (default: the system's)."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption keepOption(QStringLiteral("keep"),
                                        QStringLiteral("Write the workspace and its repository into DIR and leave them there (for screenshots)."),
                                        QStringLiteral("DIR"));
    const QCommandLineOption workspaceOption(QStringLiteral("workspace"),
                                             QStringLiteral("Time the workspace an earlier --keep left in DIR instead of generating one."),
                                             QStringLiteral("DIR"));
    parser.addOptions({mrsOption, commentsOption, largeOption, withoutCodeOption, switchesOption, opensOption, dirOption, keepOption, workspaceOption});
    parser.addHelpOption();
    parser.process(app);

    std::optional<QTemporaryDir> temp;
    QString directory;
    if (parser.isSet(workspaceOption)) {
        directory = parser.value(workspaceOption);
    } else if (parser.isSet(keepOption)) {
        directory = QDir(parser.value(keepOption)).absolutePath();
        if (QDir(directory).exists() && !QDir(directory).isEmpty()) {
            std::fprintf(stderr, "bench_window: %s is not empty\n", qPrintable(directory));
            return 1;
        }
        QDir().mkpath(directory);
    } else {
        temp.emplace(parser.isSet(dirOption) ? parser.value(dirOption) + QStringLiteral("/bench-window-XXXXXX") : QString());
        directory = temp->path();
    }

    test::WorkspaceShape shape;
    shape.mergeRequests = parser.value(mrsOption).toInt();
    shape.comments = parser.value(commentsOption).toInt();
    shape.largeMergeRequestComments = parser.value(largeOption).toInt();
    shape.withoutCodeEvery = parser.value(withoutCodeOption).toInt();
    // A realistic share: alice half, bob a third, carol a fifth.
    shape.annotators = {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")};
    shape.judgedEvery = {2, 3, 5};
    shape.assignments = true;
    shape.repository = true;
    if (shape.mergeRequests < 3 && !parser.isSet(workspaceOption)) {
        std::fprintf(stderr, "bench_window: --mrs must be at least 3\n");
        return 1;
    }

    QElapsedTimer clock;
    clock.start();
    const auto generated = parser.isSet(workspaceOption) ? test::readGeneratedWorkspace(parser.value(workspaceOption))
                                                         : test::generateWorkspace(directory, shape);
    if (!generated) {
        std::fprintf(stderr, "bench_window: %s\n", qPrintable(generated.error().message));
        return 1;
    }
    const QString path = generated->path;
    if (parser.isSet(workspaceOption))
        std::printf("Reused %s: %lld merge requests\n", qPrintable(path), static_cast<long long>(generated->mergeRequests.size()));
    else
        std::printf("Generated %d merge requests, %d comments (%d in the largest), %d judgements by %lld annotators in %.1f s; file %.1f MB\n",
                shape.mergeRequests, generated->comments, shape.largeMergeRequestComments, generated->judgements,
                static_cast<long long>(shape.annotators.size()), clock.elapsed() / 1000.0, QFileInfo(path).size() / 1e6);
    if (parser.isSet(keepOption))
        std::printf("Kept: workspace %s\n      repository %s\n", qPrintable(path), qPrintable(generated->repository));

    // alice was last on the second merge request: opening the workspace shows it.
    const qint64 lastPlace = generated->mergeRequests[1];
    {
        ReviewSession session;
        if (!session.openWorkspace(path) || !session.setAnnotator(QStringLiteral("alice")) || !session.openMergeRequest(lastPlace)) {
            std::fprintf(stderr, "bench_window: cannot prepare the workspace\n");
            return 1;
        }
    }
    const QList<QStringList> rows = mergeRequestRows(path);

    // ---- open, and the empty window's memory
    bool opened = false;
    QList<double> opens;
    const auto openWindow = [&](MainWindow &window) {
        opened = false;
        QObject::connect(&window, &MainWindow::mergeRequestOpened, &window, [&opened] { opened = true; });
        window.resize(1400, 900);
        window.show();
        if (!window.openWorkspace(path, false)) {
            std::fprintf(stderr, "bench_window: %s\n", qPrintable(window.workspaceError()));
            std::exit(1);
        }
        QDockWidget *browser = mergeRequestsDock(window);
        if (browser && browser->isVisible()) {
            // The browser is the first screen: usable once its list is filled.
            auto *view = browser->findChild<QAbstractItemView *>();
            waitUntil([view] { return view && view->model() && view->model()->rowCount() > 0; }, "the merge requests browser");
        } else {
            // As main.cpp does: the annotator's last merge request, unless the window opened it itself.
            if (!window.isOpening() && !window.mergeRequest())
                if (const auto id = window.session()->lastMergeRequest())
                    if (const auto entry = window.session()->store()->mergeRequest(*id))
                        window.openMergeRequest({entry->repository, entry->base, entry->head, entry->twoDot, entry->title, entry->description});
            waitForMergeRequest(window, opened);
        }
        drain();
        window.grab();
    };
    const double rssStart = rssMiB();
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    drain();
    window->grab();
    const double rssEmpty = rssMiB();
    {
        QElapsedTimer t;
        t.start();
        openWindow(*window);
        opens << t.nsecsElapsed() / 1e6;
    }
    const double rssOpened = rssMiB();

    // ---- switching merge request
    QList<qint64> withCode, withoutCode;
    for (qsizetype i = 0; i < generated->mergeRequests.size(); ++i)
        if (generated->mergeRequests[i] != generated->largeMergeRequest)
            (generated->codeLinked[i] ? withCode : withoutCode) << generated->mergeRequests[i];
    const int switches = parser.value(switchesOption).toInt();
    QList<double> switchesWithCode, switchesWithoutCode, referenceSwitches;
    QTreeView referenceTree;
    QStandardItemModel referenceComments;
    referenceTree.setModel(&referenceComments);
    referenceTree.setUniformRowHeights(true);
    referenceTree.resize(500, 800);
    referenceTree.show();
    const QString referenceConnection = QStringLiteral("bench-window-switch");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), referenceConnection);
        db.setDatabaseName(path);
        db.open();
    }
    for (int i = 0; i < switches; ++i) {
        const bool code = i % 2 == 0 || withoutCode.isEmpty();
        const QList<qint64> &among = code ? withCode : withoutCode;
        const qint64 id = among[(i * 37 + 5) % among.size()];
        const auto entry = window->session()->store()->mergeRequest(id);
        QElapsedTimer t;
        t.start();
        if (code) {
            opened = false;
            window->openMergeRequest({entry->repository, entry->base, entry->head, entry->twoDot, entry->title, entry->description});
            waitForMergeRequest(*window, opened);
        } else {
            window->session()->openMergeRequest(id);
        }
        drain();
        window->repaint();
        (code ? switchesWithCode : switchesWithoutCode) << t.nsecsElapsed() / 1e6;

        t.start();
        QSqlQuery q(QSqlDatabase::database(referenceConnection));
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT id, file, line_start, issue FROM comments WHERE merge_request = ? ORDER BY file, line_start"));
        q.addBindValue(id);
        q.exec();
        referenceComments.clear();
        while (q.next())
            referenceComments.appendRow({new QStandardItem(q.value(1).toString()), new QStandardItem(q.value(2).toString()),
                                         new QStandardItem(q.value(3).toString())});
        referenceTree.repaint();
        referenceSwitches << t.nsecsElapsed() / 1e6;
    }
    QSqlDatabase::removeDatabase(referenceConnection);
    referenceTree.hide();

    // ---- the Comments panel and the cards of the 2,000-comment merge request
    CommentsPanel *panel = test::judging(*window)->commentsPanel();
    test::judging(*window)->commentsDock()->show();
    {
        const auto entry = window->session()->store()->mergeRequest(generated->largeMergeRequest);
        opened = false;
        window->openMergeRequest({entry->repository, entry->base, entry->head, entry->twoDot, entry->title, entry->description});
        waitForMergeRequest(*window, opened);
    }
    panel->toggleFilteredComments(); // kept and filtered: every one of them
    drain();
    const int panelRows = panel->filterModel()->rowCount();
    const QList<double> panelFrames = scrollFrames(panel->view());
    QListView referenceList;
    QStandardItemModel referenceListModel;
    for (int i = 0; i < panelRows; ++i)
        referenceListModel.appendRow(new QStandardItem(QStringLiteral("src/module0/file%1.cpp:%2 Possible leak when the buffer of request %3 is reused after release.")
                                                           .arg(i % 8)
                                                           .arg(i % 117)
                                                           .arg(i)));
    referenceList.setModel(&referenceListModel);
    referenceList.setUniformItemSizes(true);
    referenceList.resize(panel->view()->size());
    referenceList.show();
    drain();
    const QList<double> referenceListFrames = scrollFrames(&referenceList);
    referenceList.hide();

    DiffView *diff = test::diffPane(*window)->view();
    const QList<double> cardFrames = scrollFrames(diff);
    QPlainTextEdit referenceText;
    {
        QString text;
        const auto mr = window->mergeRequest();
        const QByteArray shownFile = mr && window->currentFile() >= 0 ? mr->files[window->currentFile()].displayPath() : QByteArray();
        for (int line = 1; line <= 120; ++line) {
            text += QStringLiteral("    int value%1 = compute(0, %1);\n").arg(line);
            for (const StoredComment &c : window->session()->comments())
                if (c.comment.file.toUtf8() == shownFile && c.comment.lineStart == line && c.comment.kept)
                    text += c.comment.issue + QLatin1Char('\n') + c.comment.rootCause + QLatin1Char('\n') + c.comment.fix + QStringLiteral("\n\n");
        }
        referenceText.setPlainText(text);
    }
    referenceText.resize(diff->size());
    referenceText.show();
    drain();
    const QList<double> referenceTextFrames = scrollFrames(&referenceText);
    referenceText.hide();
    const double rssScrolled = rssMiB();

    // ---- the Merge Requests browser's filter (engineer A's dock)
    QList<double> filters, referenceFilters;
    const QStringList texts = {QStringLiteral("request 1"), QStringLiteral("request 99"), QStringLiteral("Python"), QString(),
                               QStringLiteral("request 5"), QStringLiteral("Performance"), QStringLiteral("zzz"), QString()};
    QDockWidget *browser = mergeRequestsDock(*window);
    auto *search = browser ? browser->findChild<QLineEdit *>(QStringLiteral("mergeRequestSearch")) : nullptr;
    // The browser is part of the window now (issue 25): without it the
    // figure would be missing, not met.
    if (!search) {
        std::fprintf(stderr, "bench_window: no Merge Requests browser (dock mergeRequestsDock with its search mergeRequestSearch) in the window\n");
        return 1;
    }
    {
        browser->show();
        auto *view = browser->findChild<QAbstractItemView *>();
        drain();
        for (int round = 0; round < 3; ++round)
            for (const QString &text : texts) {
                QElapsedTimer t;
                t.start();
                search->setText(text);
                drain();
                if (view)
                    view->viewport()->repaint();
                filters << t.nsecsElapsed() / 1e6;
            }
    }
    {
        QStandardItemModel model;
        fill(model, rows);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterKeyColumn(-1);
        proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
        QTableView table;
        table.setModel(&proxy);
        table.resize(900, 700);
        table.show();
        drain();
        for (int round = 0; round < 3; ++round)
            for (const QString &text : texts) {
                QElapsedTimer t;
                t.start();
                proxy.setFilterFixedString(text);
                drain();
                table.viewport()->repaint();
                referenceFilters << t.nsecsElapsed() / 1e6;
            }
    }

    // ---- more opens, each a new window (the first was measured above),
    // on the same last place as the first.
    window.reset();
    drain();
    {
        ReviewSession session;
        if (!session.openWorkspace(path) || !session.setAnnotator(QStringLiteral("alice")) || !session.openMergeRequest(lastPlace))
            std::fprintf(stderr, "bench_window: cannot put alice back on her last place\n");
    }
    for (int i = 1; i < parser.value(opensOption).toInt(); ++i) {
        QElapsedTimer t;
        t.start();
        {
            MainWindow another;
            openWindow(another);
            opens << t.nsecsElapsed() / 1e6;
        }
        drain();
    }
    QList<double> referenceOpens;
    for (int i = 0; i < std::max<qsizetype>(1, opens.size()); ++i) {
        QElapsedTimer t;
        t.start();
        QStandardItemModel model;
        fill(model, mergeRequestRows(path));
        QTableView table;
        table.setModel(&model);
        table.resize(1400, 900);
        table.show();
        drain();
        table.grab();
        referenceOpens << t.nsecsElapsed() / 1e6;
    }

    header();
    const Stats open = stats(opens);
    row("open to a usable window", open, stats(referenceOpens), "< 1000 ms", open.p95 < 1000);
    const Stats filter = stats(filters);
    row("browser filter change", filter, stats(referenceFilters), "< 100 ms", filter.p95 < 100);
    const Stats code = stats(switchesWithCode);
    row("switch MR (with code)", code, stats(referenceSwitches), "< 200 ms", code.p95 < 200);
    const Stats noCode = stats(switchesWithoutCode);
    row("switch MR (without code)", noCode, stats(referenceSwitches), "< 200 ms", noCode.p95 < 200);
    const Stats panelScroll = stats(panelFrames);
    row(qPrintable(QStringLiteral("Comments panel frame (%1 rows)").arg(panelRows)), panelScroll, stats(referenceListFrames), "p95 < 16 ms",
        panelScroll.p95 < 16);
    const Stats cardScroll = stats(cardFrames);
    row("diff with cards frame", cardScroll, stats(referenceTextFrames), "p95 < 16 ms", cardScroll.p95 < 16);

    std::printf("\n%-34s %9s\n", "MiB (VmRSS)", "");
    std::printf("%-34s %9.1f\n", "before any window", rssStart);
    std::printf("%-34s %9.1f\n", "empty MainWindow shown", rssEmpty);
    std::printf("%-34s %9.1f   < 400 MiB  %s\n", "after opening the workspace", rssOpened, rssOpened < 400 ? "met" : "MISSED");
    std::printf("%-34s %9.1f   < 400 MiB  %s\n", "after the scroll", rssScrolled, rssScrolled < 400 ? "met" : "MISSED");
    std::printf("\nframes: %lld in the panel, %lld in the diff; opens %lld, switches %d; ratios are ours / the plain Qt reference.\n",
                static_cast<long long>(panelFrames.size()), static_cast<long long>(cardFrames.size()), static_cast<long long>(opens.size()), switches);
    return 0;
}

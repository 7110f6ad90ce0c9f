// Opens a generated 50,000-line file diff in the diff view (offscreen) and
// prints the time to first paint, frame times while scrolling from top to
// bottom, and the memory the open diff costs next to its text size.
//
//   QT_QPA_PLATFORM=offscreen bench_diffview [--lines N]

#include <DiffPane.h>
#include <DiffView.h>
#include <FixtureRepo.h>
#include <MergeRequest.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace rd;

namespace {

long statusKb(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(static_cast<qsizetype>(std::strlen(field))).trimmed().split(' ').first().toLong();
    return -1;
}

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5))];
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    int lines = 50000;
    const QStringList args = app.arguments();
    if (const qsizetype at = args.indexOf(QStringLiteral("--lines")); at >= 0 && at + 1 < args.size())
        lines = args[at + 1].toInt();
    if (lines < 100) {
        std::fprintf(stderr, "usage: bench_diffview [--lines N>=100]\n");
        return 2;
    }

    // A C++ file where every fifth line changes and blocks are inserted.
    QByteArray before, after;
    for (int i = 0; i < lines; ++i) {
        const QByteArray line = "    result_" + QByteArray::number(i) + " = combine(result_" + QByteArray::number(i - 1) + ", " +
                                QByteArray::number(i * 7 % 1000) + "); // step " + QByteArray::number(i) + '\n';
        before += line;
        after += i % 5 == 0 ? QByteArray(line).replace("combine", "merge_values") : line;
        if (i % 1000 == 500)
            after += "    if (result_" + QByteArray::number(i) + " < 0)\n        return -1;\n";
    }
    QTemporaryDir dir;
    {
        test::FixtureRepo repo(dir.path());
        const QByteArray root = repo.commit("main", {{"big.cpp", test::file(before)}}, "Base\n");
        repo.commit("feature", {{"big.cpp", test::file(after)}}, "Change\n", {root});
    }
    auto opened = MergeRequest::open(dir.path(), QStringLiteral("main"), QStringLiteral("feature"));
    if (!opened) {
        std::fprintf(stderr, "bench_diffview: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    auto mr = std::make_shared<const MergeRequest>(std::move(opened).value());
    const FileDiff &file = mr->files.first();
    int diffLines = 0;
    for (const Hunk &h : file.hunks)
        diffLines += static_cast<int>(h.lines.size());
    const qint64 textBytes = before.size() + after.size();

    DiffPane pane;
    pane.resize(1400, 900);
    pane.show();
    QCoreApplication::processEvents();
    const long rssBefore = statusKb("VmRSS:");

    // First paint: from asking for the file to its first screen painted.
    QSignalSpy shown(&pane, &DiffPane::documentShown);
    QElapsedTimer timer;
    timer.start();
    pane.showFile(mr, 0);
    if (!shown.wait(60000)) {
        std::fprintf(stderr, "bench_diffview: the diff never appeared\n");
        return 1;
    }
    DiffView *view = pane.view();
    view->viewport()->repaint();
    const double firstPaintMs = timer.nsecsElapsed() / 1e6;

    // Unfold everything, then page from top to bottom, one repaint per frame.
    for (int i = static_cast<int>(view->layout().lines().size()) - 1; i >= 0; --i)
        if (view->layout().lines()[i].kind == VisualLine::Kind::Gap)
            view->revealGap(i, DiffLayout::Reveal::All);
    QScrollBar *bar = view->verticalScrollBar();
    std::vector<double> frames;
    for (int value = 0; value <= bar->maximum(); value += bar->pageStep()) {
        QElapsedTimer frame;
        frame.start();
        bar->setValue(value);
        view->viewport()->repaint();
        frames.push_back(frame.nsecsElapsed() / 1e6);
    }
    const long rssAfter = statusKb("VmRSS:");
    const long peak = statusKb("VmHWM:");
    const double costMb = (rssAfter - rssBefore) / 1024.0;

    std::printf("file diff: %d lines in hunks, %d rows side by side, %.1f MiB of text (both versions)\n", diffLines,
                static_cast<int>(view->document()->rows.size()), textBytes / 1048576.0);
    std::printf("time to first paint:        %7.1f ms   (goal < 1000 ms)\n", firstPaintMs);
    std::printf("scrolling, %zu frames:      median %5.2f ms, 95th percentile %5.2f ms, max %5.2f ms   (goal: median < 16 ms)\n",
                frames.size(), percentile(frames, 0.5), percentile(frames, 0.95), percentile(frames, 1.0));
    std::printf("memory for the open diff:   %7.1f MiB = %.1fx the text   (goal < 10x); process peak %.1f MiB\n", costMb,
                costMb * 1048576.0 / textBytes, peak / 1024.0);
    return 0;
}

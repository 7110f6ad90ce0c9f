#include "DiffText.h"

#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <limits>

namespace rd {

namespace {

// Per line of the hunk, how far it is from the nearest added or deleted line.
QList<int> distanceToChange(const Hunk &hunk)
{
    const qsizetype n = hunk.lines.size();
    QList<int> distance(n, std::numeric_limits<int>::max());
    int last = -1;
    for (qsizetype i = 0; i < n; ++i) {
        if (hunk.lines[i].kind != LineKind::Context)
            last = static_cast<int>(i);
        if (last >= 0)
            distance[i] = static_cast<int>(i) - last;
    }
    last = -1;
    for (qsizetype i = n - 1; i >= 0; --i) {
        if (hunk.lines[i].kind != LineKind::Context)
            last = static_cast<int>(i);
        if (last >= 0)
            distance[i] = std::min(distance[i], last - static_cast<int>(i));
    }
    return distance;
}

} // namespace

QList<int> shownNewLines(const FileDiff &file, int contextLines)
{
    QList<int> lines;
    for (const Hunk &hunk : file.hunks) {
        const QList<int> distance = distanceToChange(hunk);
        for (qsizetype i = 0; i < hunk.lines.size(); ++i)
            if (distance[i] <= contextLines && hunk.lines[i].kind != LineKind::Deleted)
                lines.append(hunk.lines[i].newLine);
    }
    return lines;
}

QString snippetDiff(const FileDiff &file, int contextLines)
{
    QString out = QString::fromUtf8(file.displayPath()) + QLatin1Char('\n');
    if (file.isBinary())
        return out + QStringLiteral("(binary file)\n");
    for (const Hunk &hunk : file.hunks) {
        out += QStringLiteral("... @@ -%1,%2 +%3,%4 @@\n").arg(hunk.oldStart).arg(hunk.oldLines).arg(hunk.newStart).arg(hunk.newLines);
        const qsizetype n = hunk.lines.size();
        const QList<int> distance = distanceToChange(hunk);
        bool gap = false;
        for (qsizetype i = 0; i < n; ++i) {
            const DiffLine &line = hunk.lines[i];
            if (distance[i] > contextLines) {
                if (!gap)
                    out += QStringLiteral("...\n");
                gap = true;
                continue;
            }
            gap = false;
            const QString text = QString::fromUtf8(line.text);
            switch (line.kind) {
            case LineKind::Context: out += QStringLiteral("%1 %2  %3\n").arg(line.oldLine).arg(line.newLine).arg(text); break;
            case LineKind::Added: out += QStringLiteral("%1 +  %2\n").arg(line.newLine).arg(text); break;
            case LineKind::Deleted: out += QStringLiteral("%1 -  %2\n").arg(line.oldLine).arg(text); break;
            }
        }
    }
    return out;
}

QString languageOfPath(const QString &path)
{
    static const QHash<QString, QString> byExtension = {
        {QStringLiteral("cpp"), QStringLiteral("cpp")},  {QStringLiteral("cc"), QStringLiteral("cpp")},    {QStringLiteral("cxx"), QStringLiteral("cpp")},
        {QStringLiteral("hpp"), QStringLiteral("cpp")},  {QStringLiteral("hh"), QStringLiteral("cpp")},    {QStringLiteral("hxx"), QStringLiteral("cpp")},
        {QStringLiteral("h"), QStringLiteral("cpp")},    {QStringLiteral("c"), QStringLiteral("c")},       {QStringLiteral("py"), QStringLiteral("python")},
        {QStringLiteral("java"), QStringLiteral("java")}, {QStringLiteral("go"), QStringLiteral("go")},    {QStringLiteral("js"), QStringLiteral("javascript")},
        {QStringLiteral("jsx"), QStringLiteral("javascript")}, {QStringLiteral("mjs"), QStringLiteral("javascript")},
        {QStringLiteral("ts"), QStringLiteral("typescript")},  {QStringLiteral("tsx"), QStringLiteral("typescript")},
        {QStringLiteral("php"), QStringLiteral("php")},  {QStringLiteral("rb"), QStringLiteral("ruby")},   {QStringLiteral("rs"), QStringLiteral("rust")},
        {QStringLiteral("cs"), QStringLiteral("csharp")}, {QStringLiteral("kt"), QStringLiteral("kotlin")}, {QStringLiteral("swift"), QStringLiteral("swift")}};
    return byExtension.value(QFileInfo(path).suffix().toLower(), QStringLiteral("other"));
}

} // namespace rd

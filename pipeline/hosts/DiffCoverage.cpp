#include "DiffCoverage.h"

#include <MergeRequest.h>

#include <QCoreApplication>

namespace rd {

namespace {

QString sideWord(Side side)
{
    return side == Side::Old ? QCoreApplication::translate("rd::hosts", "old") : QCoreApplication::translate("rd::hosts", "new");
}

QString linesWord(int first, int last)
{
    return first == last ? QCoreApplication::translate("rd::hosts", "line %1").arg(first) : QCoreApplication::translate("rd::hosts", "lines %1-%2").arg(first).arg(last);
}

} // namespace

Result<DiffCoverage> DiffCoverage::of(const MergeRequestEntry &mr)
{
    if (!mr.codeLinked || mr.repository.isEmpty())
        return Error{Error::Kind::Repository,
                     QCoreApplication::translate("rd::hosts", "merge request %1 has no code in this workspace (imported without its repository): its diff, "
                        "which says where comments may go, cannot be read").arg(mr.id)};
    DiffOptions options;
    options.twoDot = mr.twoDot;
    DiffCoverage coverage;
    auto opened = MergeRequest::open(mr.repository, mr.base, mr.head, options, [&](FileDiff &&file) {
        if (file.exists(Side::Old) && file.exists(Side::New)) {
            coverage.m_newPathOf.insert(QString::fromUtf8(file.path[Side::Old]), QString::fromUtf8(file.path[Side::New]));
            coverage.m_oldPathOf.insert(QString::fromUtf8(file.path[Side::New]), QString::fromUtf8(file.path[Side::Old]));
        }
        for (const Side side : BothSides) {
            if (!file.exists(side))
                continue;
            QList<HunkLines> &hunks = (side == Side::Old ? coverage.m_old : coverage.m_new)[QString::fromUtf8(file.path[side])];
            for (const Hunk &hunk : std::as_const(file.hunks)) {
                const int start = side == Side::Old ? hunk.oldStart : hunk.newStart;
                const int count = side == Side::Old ? hunk.oldLines : hunk.newLines;
                if (count == 0)
                    continue;
                HunkLines lines{start, start + count - 1, {}, {}};
                for (const DiffLine &line : hunk.lines) {
                    const int number = side == Side::Old ? line.oldLine : line.newLine;
                    if (number > 0)
                        lines.text.insert(number, QString::fromUtf8(line.text));
                    if (number > 0 && line.kind == LineKind::Context)
                        lines.counterpart.insert(number, side == Side::Old ? line.newLine : line.oldLine);
                }
                hunks.append(std::move(lines));
            }
        }
        return true;
    });
    if (!opened)
        return opened.error();
    coverage.headSha = QString::fromLatin1(opened->head.toHex());
    coverage.baseSha = QString::fromLatin1(opened->base.toHex());
    coverage.diffBaseSha = QString::fromLatin1(opened->diffBase().toHex());
    return coverage;
}

const QList<DiffCoverage::HunkLines> *DiffCoverage::hunksOf(const QString &file, Side side) const
{
    const auto &byPath = side == Side::Old ? m_old : m_new;
    const auto found = byPath.constFind(file);
    return found == byPath.cend() ? nullptr : &*found;
}

const DiffCoverage::HunkLines *DiffCoverage::hunkHolding(const QString &file, Side side, int first, int last) const
{
    if (const auto *hunks = hunksOf(file, side))
        for (const HunkLines &hunk : *hunks)
            if (first >= hunk.first && last <= hunk.last)
                return &hunk;
    return nullptr;
}

QString DiffCoverage::whyNotCovered(const QString &file, Side side, int first, int last) const
{
    if (first <= 0 || last < first)
        return QCoreApplication::translate("rd::hosts", "it is not placed at lines of its file");
    const auto *hunks = hunksOf(file, side);
    if (!hunks) {
        if (hunksOf(file, side == Side::Old ? Side::New : Side::Old))
            return QCoreApplication::translate("rd::hosts", "%1 has no %2 side in the merge request's diff").arg(file, sideWord(side));
        return QCoreApplication::translate("rd::hosts", "%1 is not among the merge request's changed files").arg(file);
    }
    if (hunks->isEmpty())
        return QCoreApplication::translate("rd::hosts", "%1 has no lines in the diff (binary, or only its mode changed)").arg(file);
    if (hunkHolding(file, side, first, last))
        return {};
    for (const HunkLines &hunk : *hunks)
        if (first <= hunk.last && last >= hunk.first)
            return QCoreApplication::translate("rd::hosts", "%1 of the %2 file reach beyond the diff hunk %3-%4 (a code host takes a comment only within one hunk)")
                .arg(linesWord(first, last), sideWord(side))
                .arg(hunk.first)
                .arg(hunk.last);
    return (first == last ? QCoreApplication::translate("rd::hosts", "line %1 of the %2 file is not in the merge request's diff").arg(first)
                          : QCoreApplication::translate("rd::hosts", "lines %1-%2 of the %3 file are not in the merge request's diff").arg(first).arg(last))
        .arg(sideWord(side));
}

int DiffCoverage::counterpartLine(const QString &file, Side side, int line) const
{
    const HunkLines *hunk = hunkHolding(file, side, line, line);
    return hunk ? hunk->counterpart.value(line) : 0;
}

QString DiffCoverage::counterpartPath(const QString &file, Side side) const
{
    return (side == Side::Old ? m_newPathOf : m_oldPathOf).value(file, file);
}

QStringList DiffCoverage::linesAt(const QString &file, Side side, int first, int last) const
{
    const HunkLines *hunk = hunkHolding(file, side, first, last);
    if (!hunk)
        return {};
    QStringList lines;
    for (int line = first; line <= last; ++line)
        lines << hunk->text.value(line);
    return lines;
}

} // namespace rd

#include "CodeModel.h"

#include "CodeAnalysis.h"
#include "SourceSnapshot.h"

#include <clang-c/Index.h>

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

namespace rd {

namespace {

// For every line, the narrowest item that holds it: items are laid down
// widest first, so each narrower one overwrites its part. The cost is the
// sum of the items' sizes (nesting is shallow), not lines times items.
template <typename T, typename First, typename Last>
QList<int> narrowestByLine(const QList<T> &items, int lines, First first, Last last)
{
    QList<int> order(items.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const int sa = last(items[a]) - first(items[a]), sb = last(items[b]) - first(items[b]);
        if (sa != sb)
            return sa > sb;
        return first(items[a]) < first(items[b]); // equal sizes: the later start wins, as before
    });
    QList<int> out(lines + 2, -1);
    for (int i : order)
        for (int l = std::max(1, first(items[i])); l <= std::min(lines + 1, last(items[i])); ++l)
            out[l] = i;
    return out;
}

int lookUp(const QList<int> &table, int line)
{
    return line >= 0 && line < table.size() ? table[line] : -1;
}

} // namespace

void CodeModel::index()
{
    int lines = lineCount;
    for (const CodeStatement &s : statements)
        lines = std::max(lines, s.end);
    for (const CodeFunction &f : functions)
        lines = std::max(lines, f.last);
    for (const CodeTopLevel &t : topLevel)
        lines = std::max(lines, t.last);
    m_statementAt = narrowestByLine(statements, lines, [](const CodeStatement &s) { return s.first; }, [](const CodeStatement &s) { return s.last; });
    m_enclosingAt = narrowestByLine(statements, lines, [](const CodeStatement &s) { return s.first; }, [](const CodeStatement &s) { return s.end; });
    m_functionAt = narrowestByLine(functions, lines, [](const CodeFunction &f) { return f.first; }, [](const CodeFunction &f) { return f.last; });
    m_topLevelAt = narrowestByLine(topLevel, lines, [](const CodeTopLevel &t) { return t.first; }, [](const CodeTopLevel &t) { return t.last; });
}

int CodeModel::statementAt(int line) const
{
    return lookUp(m_statementAt, line);
}

int CodeModel::enclosingStatementAt(int line) const
{
    return lookUp(m_enclosingAt, line);
}

int CodeModel::functionAt(int line) const
{
    return lookUp(m_functionAt, line);
}

int CodeModel::topLevelAt(int line) const
{
    return lookUp(m_topLevelAt, line);
}


CodeModel buildCodeModel(const SourceSnapshot &snapshot, const QByteArray &repositoryPath, const QStringList &flags)
{
    CodeModel model;
    const QByteArray path = QFile::encodeName(snapshot.absolutePath(repositoryPath));
    std::vector<QByteArray> argumentStorage;
    for (const QString &f : flags)
        argumentStorage.push_back(f.toUtf8());
    std::vector<const char *> arguments;
    for (const QByteArray &a : argumentStorage)
        arguments.push_back(a.constData());

    std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
    CXTranslationUnit tu = nullptr;
    const CXErrorCode rc = clang_parseTranslationUnit2(index.get(), path.constData(), arguments.data(), static_cast<int>(arguments.size()),
                                                       nullptr, 0, CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord, &tu);
    if (rc != CXError_Success || !tu) {
        model.parseFailure = QStringLiteral("libclang could not parse %1 (error %2)").arg(QString::fromUtf8(repositoryPath)).arg(int(rc));
        return model;
    }
    std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> owner(tu, clang_disposeTranslationUnit);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; ++i) {
        CXDiagnostic diagnostic = clang_getDiagnostic(tu, i);
        const CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(diagnostic);
        model.errors += severity >= CXDiagnostic_Error;
        model.warnings += severity == CXDiagnostic_Warning;
        clang_disposeDiagnostic(diagnostic);
    }
    CXFile main = clang_getFile(tu, path.constData());
    if (!main) {
        model.parseFailure = QStringLiteral("libclang lost track of %1").arg(QString::fromUtf8(repositoryPath));
        return model;
    }
    analyzeTranslationUnit(tu, main, snapshot, model);
    QFile source(QFile::decodeName(path));
    if (source.open(QIODevice::ReadOnly))
        model.lineCount = static_cast<int>(source.readAll().count('\n')) + 1;
    model.index();
    return model;
}

} // namespace rd

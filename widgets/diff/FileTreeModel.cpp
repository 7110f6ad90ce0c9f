#include "FileTreeModel.h"

#include "StatusIcon.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

#include <algorithm>

namespace rd {

struct FileTreeModel::Node
{
    QString name;
    int fileIndex = -1; // -1: a folder
    Node *parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
    int additions = 0;
    int deletions = 0;

    int row() const
    {
        if (!parent)
            return 0;
        const auto &siblings = parent->children;
        for (std::size_t i = 0; i < siblings.size(); ++i)
            if (siblings[i].get() == this)
                return static_cast<int>(i);
        return 0;
    }
    Node *folder(const QString &folderName)
    {
        for (auto &child : children)
            if (child->fileIndex < 0 && child->name == folderName)
                return child.get();
        children.push_back(std::make_unique<Node>());
        Node *created = children.back().get();
        created->name = folderName;
        created->parent = this;
        return created;
    }
    // Folders first, then files, each by name; single-child folder chains
    // are joined ("src/core") so deep trees stay short.
    void tidy()
    {
        for (auto &child : children) {
            if (child->fileIndex >= 0)
                continue;
            while (child->children.size() == 1 && child->children.front()->fileIndex < 0) {
                std::unique_ptr<Node> only = std::move(child->children.front());
                child->name += QLatin1Char('/') + only->name;
                child->children = std::move(only->children);
                for (auto &grandChild : child->children)
                    grandChild->parent = child.get();
            }
            child->tidy();
        }
        std::sort(children.begin(), children.end(), [](const auto &a, const auto &b) {
            if ((a->fileIndex < 0) != (b->fileIndex < 0))
                return a->fileIndex < 0;
            return QString::compare(a->name, b->name, Qt::CaseInsensitive) < 0;
        });
    }
};

FileTreeModel::FileTreeModel(QObject *parent) : QAbstractItemModel(parent), m_root(std::make_unique<Node>()) {}

FileTreeModel::~FileTreeModel() = default;

void FileTreeModel::setMergeRequest(std::shared_ptr<const MergeRequest> mr)
{
    beginResetModel();
    m_mr = std::move(mr);
    m_root = std::make_unique<Node>();
    m_fileNodes.clear();
    m_viewed = m_mr ? ViewedFiles(*m_mr) : ViewedFiles();
    if (m_mr) {
        m_fileNodes.resize(static_cast<std::size_t>(m_mr->files.size()), nullptr);
        for (int i = 0; i < m_mr->files.size(); ++i) {
            const FileDiff &file = m_mr->files[i];
            const QStringList parts = QString::fromUtf8(file.displayPath()).split(QLatin1Char('/'));
            Node *at = m_root.get();
            for (qsizetype p = 0; p + 1 < parts.size(); ++p) {
                at = at->folder(parts[p]);
                at->additions += file.additions;
                at->deletions += file.deletions;
            }
            at->children.push_back(std::make_unique<Node>());
            Node *leaf = at->children.back().get();
            leaf->name = parts.last();
            leaf->fileIndex = i;
            leaf->parent = at;
            leaf->additions = file.additions;
            leaf->deletions = file.deletions;
            m_fileNodes[static_cast<std::size_t>(i)] = leaf;
        }
        m_root->tidy();
    }
    endResetModel();
}

FileTreeModel::Node *FileTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex FileTreeModel::indexOfNode(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row(), column, const_cast<Node *>(node));
}

QModelIndex FileTreeModel::indexOfFile(int fileIndex) const
{
    if (fileIndex < 0 || fileIndex >= static_cast<int>(m_fileNodes.size()))
        return {};
    return indexOfNode(m_fileNodes[static_cast<std::size_t>(fileIndex)]);
}

QModelIndex FileTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    const Node *p = nodeOf(parent);
    if (row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex FileTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(nodeOf(child)->parent);
}

int FileTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int FileTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool FileTreeModel::isViewed(int fileIndex) const
{
    return m_mr && fileIndex >= 0 && fileIndex < m_mr->files.size() && m_viewed.isViewed(m_mr->files[fileIndex]);
}

void FileTreeModel::setViewed(int fileIndex, bool viewed)
{
    if (!m_mr || fileIndex < 0 || fileIndex >= m_mr->files.size() || isViewed(fileIndex) == viewed)
        return;
    m_viewed.setViewed(m_mr->files[fileIndex], viewed);
    const QModelIndex index = indexOfFile(fileIndex);
    Q_EMIT dataChanged(index, index.siblingAtColumn(ChangesColumn), {Qt::CheckStateRole});
    Q_EMIT viewedChanged(fileIndex, viewed);
}

QVariant FileTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeOf(index);
    const bool isFile = node->fileIndex >= 0;
    const FileDiff *file = isFile ? &m_mr->files[node->fileIndex] : nullptr;

    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == ChangesColumn) {
            if (file && !file->isReadable())
                return tr("unreadable");
            if (file && file->isBinary())
                return tr("binary");
            return QStringLiteral("+%1 −%2").arg(node->additions).arg(node->deletions);
        }
        if (file && (file->status == FileStatus::Renamed || file->status == FileStatus::Copied)) {
            // Same folder: old → new names; elsewhere: the whole old path.
            const QString oldPath = QString::fromUtf8(file->path[Side::Old]);
            const QString newPath = QString::fromUtf8(file->path[Side::New]);
            const qsizetype oldSlash = oldPath.lastIndexOf(QLatin1Char('/')), newSlash = newPath.lastIndexOf(QLatin1Char('/'));
            const bool sameFolder = oldPath.left(oldSlash + 1) == newPath.left(newSlash + 1);
            return QStringLiteral("%1 → %2").arg(sameFolder ? oldPath.mid(oldSlash + 1) : oldPath, node->name);
        }
        return node->name;
    case Qt::DecorationRole:
        if (index.column() != NameColumn)
            return {};
        if (file && !file->isReadable())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return file ? statusIcon(file->status) : QApplication::style()->standardIcon(QStyle::SP_DirIcon);
    case Qt::CheckStateRole:
        if (index.column() == NameColumn && file)
            return isViewed(node->fileIndex) ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::ForegroundRole:
        if (file && !file->isReadable())
            return QColor(0xcf222e);
        return {};
    case Qt::ToolTipRole:
        if (!file)
            return node->name;
        if (!file->isReadable())
            return file->unreadable;
        if (file->status == FileStatus::Renamed || file->status == FileStatus::Copied)
            return QStringLiteral("%1 → %2 (%3)").arg(QString::fromUtf8(file->path[Side::Old]), QString::fromUtf8(file->path[Side::New]),
                                                      QString::fromLatin1(statusName(file->status)));
        return QStringLiteral("%1 (%2)").arg(QString::fromUtf8(file->displayPath()), QString::fromLatin1(statusName(file->status)));
    case Qt::TextAlignmentRole:
        return index.column() == ChangesColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case FileIndexRole:
        return node->fileIndex;
    case PathRole:
        return file ? QString::fromUtf8(file->path[Side::Old] + '\n' + file->path[Side::New]) : node->name;
    case StatusRole:
        return file ? QString::fromLatin1(statusName(file->status)) : QString();
    default:
        return {};
    }
}

bool FileTreeModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const Node *node = nodeOf(index);
    if (!index.isValid() || role != Qt::CheckStateRole || node->fileIndex < 0)
        return false;
    setViewed(node->fileIndex, value.toInt() == Qt::Checked);
    return true;
}

Qt::ItemFlags FileTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NameColumn && nodeOf(index)->fileIndex >= 0)
        f |= Qt::ItemIsUserCheckable;
    if (nodeOf(index)->fileIndex >= 0)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant FileTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("File") : tr("Changes");
}

FileFilterModel::FileFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
}

void FileFilterModel::setFilterWords(const QString &text)
{
    m_words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateFilter();
}

bool FileFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const int fileIndex = index.data(FileTreeModel::FileIndexRole).toInt();
    if (fileIndex < 0)
        return false; // folders stay through recursive filtering when a file inside matches
    const QString path = index.data(FileTreeModel::PathRole).toString();
    const QString status = index.data(FileTreeModel::StatusRole).toString();
    const bool viewed = index.data(Qt::CheckStateRole).toInt() == Qt::Checked;
    for (const QString &word : m_words) {
        if (word.compare(QLatin1String("is:viewed"), Qt::CaseInsensitive) == 0) {
            if (!viewed)
                return false;
        } else if (word.compare(QLatin1String("is:unviewed"), Qt::CaseInsensitive) == 0) {
            if (viewed)
                return false;
        } else if (!path.contains(word, Qt::CaseInsensitive) && status.compare(word, Qt::CaseInsensitive) != 0) {
            return false;
        }
    }
    return true;
}

} // namespace rd

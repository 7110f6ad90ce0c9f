#include "FileListPanel.h"

#include "FileTreeModel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

namespace rd {

FileListPanel::FileListPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 0, 4);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("fileFilter"));
    m_filter->setPlaceholderText(tr("Filter files: name, status, is:unviewed"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    // The tree first: it goes before its models when the panel is deleted.
    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("fileTree"));
    m_model = new FileTreeModel(this);
    m_model->setObjectName(QStringLiteral("fileModel"));
    m_filterModel = new FileFilterModel(this);
    m_filterModel->setSourceModel(m_model);
    m_tree->setModel(m_filterModel);
    m_tree->setHeaderHidden(false);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(FileTreeModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(FileTreeModel::ChangesColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_tree, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filterModel->setFilterWords(text);
        m_tree->expandAll();
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { Q_EMIT currentFileChanged(current.data(FileTreeModel::FileIndexRole).toInt()); });
    connect(m_model, &FileTreeModel::viewedChanged, this, [this] { Q_EMIT viewedChanged(); });
}

void FileListPanel::setMergeRequest(std::shared_ptr<const MergeRequest> mr)
{
    m_model->setMergeRequest(std::move(mr));
    m_tree->expandAll();
}

bool FileListPanel::select(int fileIndex)
{
    const QModelIndex proxy = m_filterModel->mapFromSource(m_model->indexOfFile(fileIndex));
    if (!proxy.isValid())
        return false;
    m_tree->setCurrentIndex(proxy);
    m_tree->scrollTo(proxy);
    return true;
}

QList<int> FileListPanel::visibleFileOrder() const
{
    QList<int> order;
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < m_filterModel->rowCount(parent); ++r) {
            const QModelIndex index = m_filterModel->index(r, 0, parent);
            const int file = index.data(FileTreeModel::FileIndexRole).toInt();
            if (file >= 0)
                order.append(file);
            else
                walk(index);
        }
    };
    walk({});
    return order;
}

int FileListPanel::widthForNames() const
{
    // QTreeView's column size hints (protected there) count the indentation.
    const QAbstractItemView *view = m_tree;
    const QMargins margins = layout()->contentsMargins();
    return view->sizeHintForColumn(FileTreeModel::NameColumn) + view->sizeHintForColumn(FileTreeModel::ChangesColumn) + 2 * m_tree->frameWidth()
        + m_tree->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_tree) + margins.left() + margins.right();
}

bool FileListPanel::isViewed(int fileIndex) const
{
    return m_model->isViewed(fileIndex);
}

void FileListPanel::setViewed(int fileIndex, bool viewed)
{
    m_model->setViewed(fileIndex, viewed);
}

} // namespace rd
